package io.causality.sim.cli;

import io.causality.common.config.ServiceConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/** {@code user add --org SLUG --user SUB --role owner|member config.yml}: JWT membership. */
public final class UserAddCommand<C extends ServiceConfiguration> extends AdminCommand<C> {
  public UserAddCommand(Class<C> configurationClass) {
    super(
        "user",
        "Members: 'user add --org SLUG --user SUB --role owner|member config.yml'",
        configurationClass);
  }

  @Override
  public void configure(Subparser subparser) {
    subparser.addArgument("action").choices("add").help("what to do");
    subparser.addArgument("--org").required(true).help("slug of the organization");
    subparser.addArgument("--user").required(true).help("the JWT subject (sub) of the user");
    subparser.addArgument("--role").required(true).choices("owner", "member");
    super.configure(subparser);
  }

  @Override
  void execute(OrganizationAdmin admin, Namespace namespace) {
    admin.addMember(
        namespace.getString("org"), namespace.getString("user"), namespace.getString("role"));
    System.out.println(
        "added "
            + namespace.getString("user")
            + " to "
            + namespace.getString("org")
            + " as "
            + namespace.getString("role"));
  }
}

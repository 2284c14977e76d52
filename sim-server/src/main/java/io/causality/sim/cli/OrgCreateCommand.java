package io.causality.sim.cli;

import io.causality.common.config.ServiceConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/** {@code org create --name N --slug S --tier T config.yml}: prints the new organization id. */
public final class OrgCreateCommand<C extends ServiceConfiguration> extends AdminCommand<C> {
  public OrgCreateCommand(Class<C> configurationClass) {
    super(
        "org",
        "Organizations: 'org create --name N --slug S --tier T config.yml'",
        configurationClass);
  }

  @Override
  public void configure(Subparser subparser) {
    subparser.addArgument("action").choices("create").help("what to do");
    subparser.addArgument("--name").required(true).help("display name");
    subparser.addArgument("--slug").required(true).help("URL-friendly unique name");
    subparser
        .addArgument("--tier")
        .setDefault("community")
        .help("community, professional, enterprise or strategic (default community)");
    super.configure(subparser);
  }

  @Override
  void execute(OrganizationAdmin admin, Namespace namespace) {
    OrganizationRow organization =
        admin.createOrganization(
            namespace.getString("name"), namespace.getString("slug"), namespace.getString("tier"));
    System.out.println(organization.id());
  }
}

package io.causality.sim.cli;

import io.causality.sim.core.OrganizationAdmin;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/**
 * {@code apikey create --org SLUG --scopes a,b config.yml}: prints the new key, once. Only its
 * SHA-256 is stored, so a lost key is replaced, never recovered.
 */
public final class ApiKeyCreateCommand extends AdminCommand {
  public ApiKeyCreateCommand() {
    super("apikey", "API keys: 'apikey create --org SLUG --scopes a,b config.yml'");
  }

  @Override
  public void configure(Subparser subparser) {
    subparser.addArgument("action").choices("create").help("what to do");
    subparser.addArgument("--org").required(true).help("slug of the organization");
    subparser.addArgument("--scopes").required(true)
        .help("comma-separated: simulation:read, simulation:write, org:read, usage:read");
    super.configure(subparser);
  }

  @Override
  void execute(OrganizationAdmin admin, Namespace namespace) {
    OrganizationAdmin.CreatedApiKey key =
        admin.createApiKey(namespace.getString("org"), namespace.getString("scopes"));
    System.out.println(key.key());
    System.err.println("API key " + key.id() + " created with scopes " + key.scopes()
        + ". It is shown only now: store it safely.");
  }
}

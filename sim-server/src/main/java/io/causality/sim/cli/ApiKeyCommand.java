package io.causality.sim.cli;

import io.causality.common.config.ServiceConfiguration;
import io.causality.sim.core.organization.AdminInputException;
import io.causality.sim.core.organization.OrganizationAdmin;
import java.util.UUID;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/**
 * {@code apikey create --org SLUG --scopes a,b config.yml} prints the new key, once: only its
 * SHA-256 is stored, so a lost key is replaced, never recovered. {@code apikey revoke --id ID
 * config.yml} revokes a key: new lookups refuse it at once, and a running instance that used it
 * recently stops accepting it within {@code auth.apiKeyCacheTtl}.
 */
public final class ApiKeyCommand<C extends ServiceConfiguration> extends AdminCommand<C> {
  public ApiKeyCommand(Class<C> configurationClass) {
    super(
        "apikey",
        "API keys: 'apikey create --org SLUG --scopes a,b config.yml', "
            + "'apikey revoke --id KEY_ID config.yml'",
        configurationClass);
  }

  @Override
  public void configure(Subparser subparser) {
    subparser.addArgument("action").choices("create", "revoke").help("what to do");
    subparser.addArgument("--org").help("create: slug of the organization");
    subparser
        .addArgument("--scopes")
        .help("create: comma-separated simulation:read, simulation:write, org:read, usage:read");
    subparser.addArgument("--id").help("revoke: the key id printed at creation");
    super.configure(subparser);
  }

  @Override
  void execute(OrganizationAdmin admin, Namespace namespace) {
    if ("revoke".equals(namespace.getString("action"))) {
      revoke(admin, namespace.getString("id"));
    } else {
      create(admin, namespace);
    }
  }

  private static void revoke(OrganizationAdmin admin, String id) {
    if (id == null) {
      throw new AdminInputException("apikey revoke needs --id KEY_ID");
    }
    UUID keyId;
    try {
      keyId = UUID.fromString(id);
    } catch (IllegalArgumentException e) {
      throw new AdminInputException("--id must be the key id (a UUID) printed at creation");
    }
    admin.revokeApiKey(keyId);
    System.out.println("revoked " + keyId);
    System.err.println(
        "Running instances stop accepting it within auth.apiKeyCacheTtl "
            + "(10 seconds unless configured).");
  }

  private static void create(OrganizationAdmin admin, Namespace namespace) {
    if (namespace.getString("org") == null || namespace.getString("scopes") == null) {
      throw new AdminInputException("apikey create needs --org SLUG and --scopes a,b");
    }
    OrganizationAdmin.CreatedApiKey key =
        admin.createApiKey(namespace.getString("org"), namespace.getString("scopes"));
    System.out.println(key.key());
    System.err.println(
        "API key "
            + key.id()
            + " created with scopes "
            + key.scopes()
            + ". It is shown only now: store it safely.");
  }
}

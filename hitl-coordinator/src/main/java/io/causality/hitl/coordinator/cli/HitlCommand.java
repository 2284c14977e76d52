package io.causality.hitl.coordinator.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.google.common.net.InetAddresses;
import io.causality.common.cli.CommandOutput;
import io.causality.common.cli.ServeCommand;
import io.causality.hitl.coordinator.cli.dashboard.Dashboard;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideApproval;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.dropwizard.core.Application;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.Command;
import io.dropwizard.core.setup.Bootstrap;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import net.sourceforge.argparse4j.impl.Arguments;
import net.sourceforge.argparse4j.inf.Argument;
import net.sourceforge.argparse4j.inf.ArgumentParser;
import net.sourceforge.argparse4j.inf.ArgumentParserException;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import net.sourceforge.argparse4j.inf.Subparsers;

/**
 * The operator's workflow: {@code hitl serve --config F}, and {@code list}, {@code get}, {@code
 * approve}, {@code deny} and {@code dashboard} against a running coordinator at {@code --url},
 * presenting the bearer token of {@link #TOKEN_VARIABLE}, {@code --token-file} or the file {@link
 * #TOKEN_FILE_VARIABLE} names, through the one {@link CoordinatorClient}. Deciding needs a token.
 * Exit status: 0 done, 1 refused by the coordinator, 2 usage, 3 coordinator unreachable ({@link
 * #exitStatus}).
 *
 * @param <C> the application's configuration (generic, so that this package does not depend on the
 *     application's)
 */
public final class HitlCommand<C extends Configuration> extends Command {
  /** The local coordinator of {@code config/hitl-coordinator.yml}. */
  public static final String DEFAULT_URL = "http://127.0.0.1:8090";

  /** The environment variable that holds the operator caller's bearer token. */
  public static final String TOKEN_VARIABLE = "HITL_TOKEN";

  /**
   * The environment variable that names a file holding the token (what {@code dev-init} writes,
   * mode 600); {@code ops/hitl} sets it to {@code var/secrets/operator-1.token} when that exists.
   */
  public static final String TOKEN_FILE_VARIABLE = "HITL_TOKEN_FILE";

  static final String OPERATION = "operation";
  private static final List<String> STATUSES =
      List.of("pending", "approved", "denied", "expired", "redeemed");
  private static final ObjectMapper JSON =
      ProtocolJson.newMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final ObjectMapper ONE_LINE = ProtocolJson.newMapper();
  private static final String KEY_HELP =
      "the authority key id; optional when the token's operator has one key";

  private final ServeCommand<C> server;
  private final UnaryOperator<String> environment;

  public HitlCommand(Application<C> application) {
    this(application, System::getenv);
  }

  /** {@code environment} looks up environment variables; tests pass their own. */
  public HitlCommand(Application<C> application, UnaryOperator<String> environment) {
    super("hitl", "The operator's tools: serve, list, get, approve, deny, dashboard");
    this.server = CoordinatorServerCommand.create(application, "serve", "Runs the coordinator");
    this.environment = Objects.requireNonNull(environment, "environment");
  }

  /** The process exit status for a command that failed with {@code failure}. */
  public static int exitStatus(Throwable failure) {
    if (failure instanceof OperatorException operator) {
      return operator.exitStatus();
    }
    return failure instanceof ArgumentParserException ? OperatorException.USAGE : 1;
  }

  @Override
  public void configure(Subparser subparser) {
    Subparsers operations = subparser.addSubparsers().dest(OPERATION).metavar("OPERATION");
    operations
        .addParser("serve")
        .help("run the coordinator, as 'serve F'")
        .addArgument("--config")
        .dest("file")
        .required(true)
        .help("configuration file");
    Subparser list = client(operations, "list", "list requests, newest first");
    list.addArgument("--status").choices(STATUSES).help("only requests in this status");
    json(list);
    Subparser get = client(operations, "get", "one request with its audit trail");
    get.addArgument("id").help("coordinatorRequestId");
    json(get);
    Subparser approve = decision(operations, "approve", "approve; prints the token envelope");
    approve.addArgument("--ttl").type(Long.class).help("token lifetime in ms");
    decision(operations, "deny", "deny a pending request");
    client(operations, "dashboard", "the terminal dashboard of pending requests")
        .addArgument("--key-id")
        .dest("keyId")
        .help(KEY_HELP + " for the approvals and denials made from the dashboard");
  }

  private static Subparser client(Subparsers operations, String name, String help) {
    Subparser parser = operations.addParser(name).help(help);
    parser
        .addArgument("--url")
        .type(HitlCommand::url)
        .setDefault(DEFAULT_URL)
        .help(
            "the coordinator (default "
                + DEFAULT_URL
                + "); the bearer token "
                + "comes from $"
                + TOKEN_VARIABLE
                + ", else --token-file, else the file $"
                + TOKEN_FILE_VARIABLE
                + " names");
    parser
        .addArgument("--token-file")
        .dest("tokenFile")
        .help("a file holding the operator's bearer token (dev-init writes one, mode 600)");
    parser
        .addArgument("--insecure")
        .action(Arguments.storeTrue())
        .help(
            "allow plain http to a host other than this machine (the token and the decisions"
                + " cross the network in the clear)");
    return parser;
  }

  private static Subparser decision(Subparsers operations, String name, String help) {
    Subparser parser = client(operations, name, help);
    parser.addArgument("id").help("coordinatorRequestId");
    parser.addArgument("--key-id").dest("keyId").help(KEY_HELP);
    parser.addArgument("--note").help("operator note for the audit trail");
    return parser;
  }

  private static void json(Subparser parser) {
    parser.addArgument("--json").action(Arguments.storeTrue()).help("JSON for scripts");
  }

  private static String url(ArgumentParser parser, Argument argument, String value)
      throws ArgumentParserException {
    try {
      URI uri = URI.create(value);
      if (uri.getHost() != null && List.of("http", "https").contains(uri.getScheme())) {
        return value;
      }
    } catch (IllegalArgumentException e) {
      // reported below, as for any address that is not http(s)://host[:port]
    }
    throw new ArgumentParserException("--url " + value + " is not http(s)://host[:port]", parser);
  }

  @Override
  public void run(Bootstrap<?> bootstrap, Namespace namespace) throws Exception {
    String operation = namespace.getString(OPERATION);
    if ("serve".equals(operation)) {
      server.run(bootstrap, namespace);
      return;
    }
    CommandOutput.logWarningsToStandardError();
    // The dashboard waits less than its polling period, so that keys stay answered.
    Duration timeout =
        "dashboard".equals(operation)
            ? Dashboard.REQUEST_TIMEOUT
            : CoordinatorClient.DEFAULT_TIMEOUT;
    Optional<String> token = token(namespace);
    requireKeyOrOperator(operation, namespace, token);
    requireTlsOffThisMachine(namespace);
    CoordinatorClient client =
        new CoordinatorClient(URI.create(namespace.getString("url")), timeout, token);
    switch (operation) {
      case "list" -> list(client, namespace, System.out);
      case "get" -> get(client, namespace, System.out);
      case "approve" -> approve(client, namespace, System.out, System.err);
      case "deny" -> deny(client, namespace, System.out);
      case "dashboard" -> Dashboard.runOnSystemTerminal(client, namespace.getString("keyId"));
      default -> throw new IllegalStateException("no such operation: " + operation);
    }
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    if ("serve".equals(namespace.getString(OPERATION))) {
      server.onError(cli, namespace, e);
    } else if (e instanceof OperatorException) {
      cli.getStdErr().println("error: " + e.getMessage());
    } else {
      super.onError(cli, namespace, e);
    }
  }

  /**
   * Deciding needs an authenticated operator: without a token nothing is sent (a usage error). With
   * one, the coordinator takes the operator's only key when {@code --key-id} is left out.
   */
  private static void requireKeyOrOperator(
      String operation, Namespace namespace, Optional<String> token) {
    boolean decides = List.of("approve", "deny", "dashboard").contains(operation);
    if (decides && token.isEmpty()) {
      throw new OperatorException.Usage(
          "hitl "
              + operation
              + " needs an operator's bearer token: $"
              + TOKEN_VARIABLE
              + ", --token-file, or $"
              + TOKEN_FILE_VARIABLE
              + " (dev-init writes var/secrets/operator-1.token, which ops/hitl uses)");
    }
  }

  /** The bearer token: $HITL_TOKEN, else the file of --token-file, else of $HITL_TOKEN_FILE. */
  private Optional<String> token(Namespace namespace) {
    Optional<String> inline =
        Optional.ofNullable(environment.apply(TOKEN_VARIABLE)).filter(token -> !token.isBlank());
    if (inline.isPresent()) {
      return inline;
    }
    return Optional.ofNullable(namespace.getString("tokenFile"))
        .or(() -> Optional.ofNullable(environment.apply(TOKEN_FILE_VARIABLE)))
        .filter(file -> !file.isBlank())
        .map(HitlCommand::readToken);
  }

  private static String readToken(String file) {
    try {
      String token = Files.readString(Path.of(file), StandardCharsets.UTF_8).strip();
      if (token.isEmpty() || token.contains("\n")) {
        throw new OperatorException.Usage("token file " + file + " must hold one token");
      }
      return token;
    } catch (IOException e) {
      throw new OperatorException.Usage(
          "token file " + file + " cannot be read (" + e.getClass().getSimpleName() + ")");
    }
  }

  /** Plain http only to this machine, unless the operator says {@code --insecure}. */
  private static void requireTlsOffThisMachine(Namespace namespace) {
    String url = namespace.getString("url");
    if (isPlainHttpToAnotherHost(URI.create(url)) && !namespace.getBoolean("insecure")) {
      throw new OperatorException.Usage(
          "--url "
              + url
              + " is plain http to another host: the bearer token and the decisions would cross"
              + " the network in the clear; use https, or add --insecure");
    }
  }

  /** An {@code http} URL whose host is not loopback ({@code localhost}, 127.0.0.0/8, ::1). */
  static boolean isPlainHttpToAnotherHost(URI url) {
    if (!"http".equalsIgnoreCase(url.getScheme())) {
      return false;
    }
    String host = url.getHost() == null ? "" : url.getHost().replaceAll("^\\[|\\]$", "");
    if ("localhost".equalsIgnoreCase(host)) {
      return false;
    }
    return !(InetAddresses.isInetAddress(host)
        && InetAddresses.forString(host).isLoopbackAddress());
  }

  private static void list(CoordinatorClient client, Namespace namespace, PrintStream out) {
    Optional<OverrideRequestStatus> status =
        Optional.ofNullable(namespace.getString("status")).flatMap(OverrideRequestStatus::parse);
    List<OverrideRequestRecord> requests =
        OperatorException.answerOf(client.listAll(OverrideRequestQuery.first(status)));
    out.println(namespace.getBoolean("json") ? pretty(requests) : RequestTables.list(requests));
  }

  private static void get(CoordinatorClient client, Namespace namespace, PrintStream out) {
    OverrideRequestRecord request =
        OperatorException.answerOf(client.get(namespace.getString("id")));
    out.println(namespace.getBoolean("json") ? pretty(request) : RequestTables.detail(request));
  }

  /**
   * The envelope alone on standard output, so that {@code > token.json} captures it; an approval
   * short of the policy's quorum prints nothing there, and says so on standard error.
   */
  private static void approve(
      CoordinatorClient client, Namespace namespace, PrintStream out, PrintStream err)
      throws IOException {
    String id = namespace.getString("id");
    ApproveOverrideRequest body =
        new ApproveOverrideRequest(
            namespace.getString("keyId"), namespace.getString("note"), namespace.getLong("ttl"));
    OverrideApproval approval = OperatorException.answerOf(client.approval(id, body));
    if (approval.awaiting().isPresent()) {
      err.println(
          "approval of " + id + " recorded: " + RequestTables.approvals(approval.pending()));
      return;
    }
    OverrideTokenEnvelope envelope = approval.token();
    out.println(ONE_LINE.writeValueAsString(envelope));
    err.println(
        "approved " + id + " with key " + envelope.keyId() + ": token " + envelope.tokenId());
  }

  private static void deny(CoordinatorClient client, Namespace namespace, PrintStream out) {
    String id = namespace.getString("id");
    DenyOverrideRequest body =
        new DenyOverrideRequest(namespace.getString("keyId"), namespace.getString("note"));
    OverrideRequestRecord request = OperatorException.answerOf(client.deny(id, body));
    out.println("denied " + id + " by " + RequestTables.text(request.decidedBy()));
  }

  private static String pretty(Object node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

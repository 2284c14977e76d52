package io.causality.hitl.benchmarks;

import com.codahale.metrics.MetricRegistry;
import io.causality.common.db.ServiceJdbi;
import io.causality.common.db.StartupMigrations;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.core.Decider;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.core.OverrideSettings;
import io.causality.hitl.coordinator.crypto.CoordinatorSigner;
import io.causality.hitl.coordinator.crypto.KeyRing;
import io.causality.hitl.coordinator.crypto.SigningKeys;
import io.causality.hitl.coordinator.db.CoordinatorDaos;
import io.causality.hitl.coordinator.policy.AuthorityKeyConfig;
import io.causality.hitl.coordinator.policy.CoordinatorKeyCheck;
import io.causality.hitl.coordinator.policy.StartupChecks;
import io.causality.hitl.coordinator.policy.StartupReport;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RedeemStatus;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/**
 * The coordinator's own service, in this process, on a fresh database with the same settings as the
 * server's (durable embedded H2, Dropwizard's pool, the real changelog), the same policy and key:
 * everything a request costs except HTTP, JSON and the framework.
 */
final class InProcessCoordinator implements AutoCloseable {

  private final ManagedDataSource dataSource;
  private final OverrideService service;
  private final String keyId;
  private final Decider decider;
  private final RawTransactions.Database database;

  InProcessCoordinator(
      Path database, Path policy, Path key, Path coordinatorKey, Path trustedKey, String keyId)
      throws Exception {
    CoordinatorConfiguration configuration = new CoordinatorConfiguration();
    configuration.setDbPath(database.toString());
    DataSourceFactory factory = configuration.buildDataSourceFactory();
    this.database =
        new RawTransactions.Database(factory.getUrl(), factory.getUser(), factory.getPassword());
    this.dataSource = factory.build(new MetricRegistry(), "in-process");
    dataSource.start();
    StartupMigrations.apply(dataSource);
    Jdbi jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
    ServiceJdbi.describeOnce(jdbi, CoordinatorDaos.ALL);
    StartupReport checked =
        StartupChecks.run(
            policy,
            configuration.getDefaultTokenTtlMs(),
            List.of(new AuthorityKeyConfig(keyId, operatorOf(policy, keyId), key)),
            Optional.of(trustedKey));
    CoordinatorSigner coordinator =
        CoordinatorKeyCheck.load(checked.policy(), policy, coordinatorKey, new ArrayList<>());
    this.service =
        new OverrideService(
            jdbi,
            dataSource,
            Clock.systemUTC(),
            new KeyRing(new SigningKeys(checked.policy(), checked.signers(), coordinator)),
            new OverrideSettings(
                configuration.getPendingRequestTtlMs(), configuration.getDefaultTokenTtlMs()));
    this.keyId = keyId;
    this.decider = Decider.operator("bench-operator", operatorOf(policy, keyId));
  }

  /** The operator the policy names for the key, as the configuration must too. */
  private static String operatorOf(Path policy, String keyId) throws Exception {
    for (var authority :
        ProtocolJson.newMapper().readTree(policy.toFile()).get("policy").get("authorities")) {
      if (authority.get("keyId").asText().equals(keyId)) {
        return authority.get("operatorId").asText();
      }
    }
    throw new IllegalArgumentException("no authority " + keyId + " in " + policy);
  }

  String submit(String actorId) throws Exception {
    return service
        .submit(Submissions.submission(actorId), Optional.of("bench-runtime"))
        .coordinatorRequestId();
  }

  OverrideTokenEnvelope approve(String id) {
    return service
        .approve(id, new ApproveOverrideRequest(keyId, null, null), decider)
        .issued()
        .orElseThrow(() -> new IllegalStateException("the policy needs more approvals"));
  }

  /** This coordinator's database (URL and credentials), for the raw transactions beside it. */
  RawTransactions.Database database() {
    return database;
  }

  /** A fresh request approved, untimed: a token for a raw redemption. */
  RawTransactions.Issued issued(String actorId) throws Exception {
    String id = submit(actorId);
    return new RawTransactions.Issued(id, approve(id).tokenId());
  }

  boolean redeem(OverrideTokenEnvelope token) {
    return service.redeem(Submissions.redemptionOf(token)).status() == RedeemStatus.ACCEPTED;
  }

  @Override
  public void close() throws Exception {
    dataSource.stop();
  }
}

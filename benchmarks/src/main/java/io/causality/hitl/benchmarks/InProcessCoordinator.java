package io.causality.hitl.benchmarks;

import com.codahale.metrics.MetricRegistry;
import io.causality.common.db.ServiceJdbi;
import io.causality.common.db.StartupMigrations;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.core.OverrideSettings;
import io.causality.hitl.coordinator.db.CoordinatorDaos;
import io.causality.hitl.coordinator.policy.AuthorityKeyConfig;
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
  private final RawTransactions.Database database;

  InProcessCoordinator(Path database, Path policy, Path key, Path trustedKey, String keyId)
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
    this.service =
        new OverrideService(
            jdbi,
            dataSource,
            Clock.systemUTC(),
            checked.policy(),
            checked.signers(),
            new OverrideSettings(
                configuration.getPendingRequestTtlMs(), configuration.getDefaultTokenTtlMs()));
    this.keyId = keyId;
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
    return service.submit(Submissions.submission(actorId)).coordinatorRequestId();
  }

  OverrideTokenEnvelope approve(String id) {
    return service.approve(id, new ApproveOverrideRequest(keyId, null, null));
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

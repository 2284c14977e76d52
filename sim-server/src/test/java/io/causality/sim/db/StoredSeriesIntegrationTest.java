package io.causality.sim.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.db.ManagedDataSource;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the aggregation reads ({@link StoredSeries}) on H2 with the real changelog: chunks stored by
 * {@link ExperimentWrites#storeChunk}, 10 runs of 4 a chunk, every third run failed. Whatever range
 * is read (across chunks, inside one), the reader gives every finished run of the range once, in
 * run order, with its own series, stored once: in its chunk's row, not in the run's. And where the
 * experiment's scenario is kept (changeset 040).
 */
class StoredSeriesIntegrationTest {
  private static final Instant NOW = Instant.parse("2026-11-28T03:00:00Z");
  private static final Instant PERIOD = Instant.parse("2026-11-01T00:00:00Z");
  private static final int RUNS = 10;
  private static final int CHUNK = 4;
  private static final RunQueue NO_QUEUE =
      new RunQueue() {
        @Override
        public void enqueueRuns(Connection connection, UUID experimentId, int chunks) {}

        @Override
        public void enqueueAggregation(Connection connection, UUID experimentId) {}

        @Override
        public void dropPending(UUID experimentId, int chunks) {}

        @Override
        public void dueNow() {}
      };

  private static ManagedDataSource dataSource;
  private static Jdbi jdbi;
  private UUID experiment;

  @BeforeAll
  static void database() {
    dataSource = SimTestFixture.migratedDatabase("stored-series");
    jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
  }

  @AfterAll
  static void close() throws Exception {
    dataSource.stop();
  }

  @BeforeEach
  void storedExperiment() {
    UUID organization = UUID.randomUUID();
    jdbi.useExtension(
        OrganizationDao.class,
        dao -> dao.insertOrganization(organization, "Org", "org-" + organization, NOW));
    jdbi.useExtension(
        UsageDao.class,
        dao -> dao.ensurePeriod(organization, PERIOD, PERIOD.plus(30, ChronoUnit.DAYS)));
    ExperimentWrites writes = new ExperimentWrites(jdbi, false);
    experiment = inserted(writes, organization);
    for (int first = 0; first < RUNS; first += CHUNK) {
      List<ExperimentRunRow> chunk = new ArrayList<>();
      for (int run = first; run < Math.min(RUNS, first + CHUNK); run++) {
        chunk.add(run(run));
      }
      writes.storeChunk(experiment, organization, chunk, 0, PERIOD, NOW, progress(), NO_QUEUE);
    }
  }

  @Test
  void givesEveryFinishedRunOfTheRangeInOrderWithItsSeries() throws SQLException {
    assertThat(read(0, RUNS)).containsExactly(0, 1, 2, 4, 5, 7, 8);
    assertThat(read(3, 9)).containsExactly(4, 5, 7, 8);
    assertThat(read(5, 6)).containsExactly(5);
    assertThat(read(9, 10)).isEmpty();
  }

  @Test
  void aRunsSeriesIsStoredOnceInItsChunksRowNotInTheRunsRow() {
    long runsWithSeries =
        jdbi.withHandle(
            handle ->
                handle
                    .createQuery(
                        "SELECT COUNT(*) FROM experiment_runs"
                            + " WHERE experiment_id = :id AND series IS NOT NULL")
                    .bind("id", experiment)
                    .mapTo(Long.class)
                    .one());

    assertThat(runsWithSeries).isZero();
  }

  /** The runs the reader gives, checking that each comes with its own series. */
  private List<Integer> read(int from, int to) throws SQLException {
    List<Integer> runs = new ArrayList<>();
    jdbi.useHandle(
        handle ->
            StoredSeries.read(
                handle.getConnection(),
                experiment,
                from,
                to,
                CHUNK,
                (run, bytes, offset) -> {
                  byte[] series = Arrays.copyOfRange(bytes, offset, offset + 2 * Double.BYTES);
                  assertThat(series).as("run %d's series", run).isEqualTo(series(run));
                  runs.add(run);
                }));
    return runs;
  }

  private ExperimentRunRow run(int index) {
    boolean failed = index % 3 == 0 && index > 0;
    return new ExperimentRunRow(
        experiment,
        index,
        failed ? "failed" : "done",
        index,
        failed ? null : 0.5,
        failed ? null : 0,
        failed ? null : 0,
        null,
        failed ? null : series(index),
        null,
        failed ? "the engine failed on this run" : null);
  }

  /** Two doubles told apart by run. */
  private static byte[] series(int run) {
    return ByteBuffer.allocate(2 * Double.BYTES).putDouble(run).putDouble(-run).array();
  }

  /** Changeset 040: the row every stored chunk updates does not carry the scenario on H2. */
  @Test
  void theScenarioIsInARowOfItsOwnNotInTheRowEveryChunkUpdates() {
    assertThat(scenarioInExperimentsRow(experiment)).isNull();
    assertThat(scenarioOf(experiment)).contains("{}");
  }

  @Test
  void aSharedDatabaseKeepsACopyInTheExperimentsRowForThePreviousVersion() {
    UUID organization =
        jdbi.withExtension(ExperimentDao.class, dao -> dao.find(experiment))
            .orElseThrow()
            .organizationId();
    UUID shared = inserted(new ExperimentWrites(jdbi, true), organization);

    assertThat(scenarioInExperimentsRow(shared)).isEqualTo("{}");
    assertThat(scenarioOf(shared)).contains("{}");
  }

  private static Optional<String> scenarioOf(UUID id) {
    return jdbi.withExtension(ExperimentDao.class, dao -> dao.scenarioOf(id));
  }

  private static String scenarioInExperimentsRow(UUID id) {
    return jdbi.withHandle(
        handle ->
            handle
                .createQuery("SELECT scenario_json FROM experiments WHERE id = :id")
                .bind("id", id)
                .mapTo(String.class)
                .one());
  }

  /** A new experiment of the organization, its scenario {@code "{}"}. */
  private static UUID inserted(ExperimentWrites writes, UUID organization) {
    UUID id = UUID.randomUUID();
    ExperimentRow row =
        new ExperimentRow(
            id, organization, "running", "s", "1.0.0", "{}", RUNS, CHUNK, 0, 0, 0, NOW, NOW, null);
    writes.insert(
        row,
        "{}",
        new ExperimentEventRow(id, 0, "experiment:status", "{}", NOW),
        PERIOD,
        1_000,
        10,
        NO_QUEUE);
    return id;
  }

  private static ExperimentWrites.Progress progress() {
    return new ExperimentWrites.Progress() {
      @Override
      public String name() {
        return "progress";
      }

      @Override
      public String data(ExperimentWrites.Counters counters) {
        return "{}";
      }
    };
  }
}

package io.causality.sim.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.db.ExperimentWrites.Stored;
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
import java.util.stream.IntStream;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A chunk's runs as stored by {@link ExperimentWrites#storeChunk} on H2 with the real changelog, 10
 * runs of 4 a chunk, every third run failed, and read back: by the aggregation ({@link
 * StoredSeries}: whatever range is read, across chunks or inside one, every finished run of the
 * range once, in run order, with its own series) and by the runs' list ({@link StoredRuns}: every
 * field as stored, pages by offset or from a run, across chunks and across a chunk not stored yet).
 * And where the experiment's scenario is kept (changeset 040).
 */
class StoredChunksIntegrationTest {
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
  private ExperimentWrites writes;
  private UUID organization;
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
    organization = UUID.randomUUID();
    jdbi.useExtension(
        OrganizationDao.class,
        dao -> dao.insertOrganization(organization, "Org", "org-" + organization, NOW));
    jdbi.useExtension(
        UsageDao.class,
        dao -> dao.ensurePeriod(organization, PERIOD, PERIOD.plus(30, ChronoUnit.DAYS)));
    writes = new ExperimentWrites(jdbi, false);
    experiment = inserted(writes, organization);
    for (int first = 0; first < RUNS; first += CHUNK) {
      assertThat(storeChunk(experiment, first)).isIn(Stored.STORED, Stored.STORED_LAST);
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
  void everyRunIsReadBackAsStoredWithoutItsSeries() throws SQLException {
    List<ExperimentRunRow> stored = onConnection(c -> StoredRuns.page(c, experiment, 0, 100));

    assertThat(stored)
        .usingRecursiveFieldByFieldElementComparator()
        .containsExactlyElementsOf(
            IntStream.range(0, RUNS).mapToObj(i -> withoutSeries(run(i))).toList());
    assertThat(count(experiment)).isEqualTo(RUNS);
  }

  @Test
  void pagesByOffsetCrossChunksAndEndWithTheRuns() throws SQLException {
    assertThat(indexes(c -> StoredRuns.page(c, experiment, 0, 3))).containsExactly(0, 1, 2);
    assertThat(indexes(c -> StoredRuns.page(c, experiment, 3, 6)))
        .containsExactly(3, 4, 5, 6, 7, 8);
    assertThat(indexes(c -> StoredRuns.page(c, experiment, 8, 5))).containsExactly(8, 9);
    assertThat(indexes(c -> StoredRuns.page(c, experiment, 10, 5))).isEmpty();
  }

  @Test
  void readsFromARunInsideAChunk() throws SQLException {
    assertThat(indexes(c -> StoredRuns.from(c, experiment, 5, CHUNK, 4)))
        .containsExactly(5, 6, 7, 8);
    assertThat(indexes(c -> StoredRuns.from(c, experiment, 9, CHUNK, 4))).containsExactly(9);
    assertThat(indexes(c -> StoredRuns.from(c, experiment, 10, CHUNK, 4))).isEmpty();
  }

  @Test
  void theStoredRunsOfAnExperimentUnderWaySkipAChunkNotStoredYet() throws SQLException {
    UUID underWay = inserted(writes, organization);
    storeChunk(underWay, 0);
    storeChunk(underWay, 8);

    assertThat(indexes(c -> StoredRuns.page(c, underWay, 0, 100)))
        .containsExactly(0, 1, 2, 3, 8, 9);
    assertThat(indexes(c -> StoredRuns.page(c, underWay, 4, 100))).containsExactly(8, 9);
    assertThat(indexes(c -> StoredRuns.from(c, underWay, 4, CHUNK, 100))).containsExactly(8, 9);
    assertThat(count(underWay)).isEqualTo(6);
    assertThat(chunkStored(underWay, 4)).isFalse();
    assertThat(chunkStored(underWay, 8)).isTrue();
  }

  @Test
  void aChunkStoredAgainKeepsNothingOfTheSecondTime() throws SQLException {
    int doneBefore = counters().runsDone();

    assertThat(storeChunk(experiment, 4)).isEqualTo(Stored.ALREADY_STORED);
    assertThat(counters().runsDone()).isEqualTo(doneBefore);
    assertThat(count(experiment)).isEqualTo(RUNS);
  }

  private Stored storeChunk(UUID id, int first) {
    List<ExperimentRunRow> chunk = new ArrayList<>();
    for (int run = first; run < Math.min(RUNS, first + CHUNK); run++) {
      chunk.add(run(id, run));
    }
    return writes.storeChunk(id, organization, chunk, 0, PERIOD, NOW, progress(), NO_QUEUE);
  }

  private ExperimentRow counters() {
    return jdbi.withExtension(ExperimentDao.class, dao -> dao.find(experiment)).orElseThrow();
  }

  private static List<Integer> indexes(StoredRead<List<ExperimentRunRow>> read)
      throws SQLException {
    return onConnection(read).stream().map(ExperimentRunRow::runIndex).toList();
  }

  private static long count(UUID id) throws SQLException {
    return jdbi.withHandle(handle -> StoredRuns.count(handle.getConnection(), id));
  }

  private static boolean chunkStored(UUID id, int firstRun) throws SQLException {
    return jdbi.withHandle(handle -> StoredRuns.chunkStored(handle.getConnection(), id, firstRun));
  }

  private static <T> T onConnection(StoredRead<T> read) throws SQLException {
    return jdbi.withHandle(handle -> read.on(handle.getConnection()));
  }

  @FunctionalInterface
  private interface StoredRead<T> {
    T on(Connection connection) throws SQLException;
  }

  private static ExperimentRunRow withoutSeries(ExperimentRunRow run) {
    return new ExperimentRunRow(
        run.experimentId(),
        run.runIndex(),
        run.status(),
        run.seed(),
        run.finalB(),
        run.losses(),
        run.paradoxes(),
        run.ticksToBreach(),
        null,
        run.simulationId(),
        run.error());
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
    return run(experiment, index);
  }

  /**
   * Run {@code index}: every third one failed with an error; the others with outcomes, some with a
   * breach or a kept simulation, so that each nullable field is stored both ways.
   */
  private static ExperimentRunRow run(UUID experiment, int index) {
    boolean failed = index % 3 == 0 && index > 0;
    return new ExperimentRunRow(
        experiment,
        index,
        failed ? "failed" : "done",
        -7L * index,
        failed ? null : 0.5 + index,
        failed ? null : index,
        failed ? null : 2 * index,
        failed || index % 2 == 0 ? null : 10L * index,
        failed ? null : series(index),
        failed || index % 4 != 1 ? null : new UUID(index, -index),
        failed ? "the engine failed on run " + index + " (é)" : null);
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

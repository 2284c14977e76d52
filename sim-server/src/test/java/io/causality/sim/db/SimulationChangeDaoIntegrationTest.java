package io.causality.sim.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.common.testing.LargeObjectColumns;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.db.ManagedDataSource;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.extension.ExtensionCallback;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The multi-table writes on H2 with the real changelog: a write over a stale version keeps nothing
 * and throws {@link ChangedMeanwhile} (what the retries of core rely on), and the notice is given
 * inside the transaction of a write that is kept.
 */
class SimulationChangeDaoIntegrationTest {
  private static final Instant NOW = Instant.parse("2026-11-25T03:00:00Z");
  private static final Instant PERIOD = Instant.parse("2026-11-01T00:00:00Z");
  private static ManagedDataSource dataSource;
  private static Jdbi jdbi;

  private final List<UUID> notices = new ArrayList<>();
  private final ChangeNotice notice =
      (handle, id) -> {
        assertThat(handle.isInTransaction()).isTrue();
        notices.add(id);
      };

  @BeforeAll
  static void database() {
    dataSource = SimTestFixture.migratedDatabase("changes");
    jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
  }

  @AfterAll
  static void close() throws Exception {
    dataSource.stop();
  }

  /** docs/performance.md, "Memory as the work grows": no column read on a hot path is a LOB. */
  @Test
  void onH2NoColumnIsALargeObject() throws Exception {
    assertThat(LargeObjectColumns.in(dataSource)).isEmpty();
  }

  @Test
  void aStaleInputIsNotKept() {
    SimulationRow row = created();
    InputRow input = new InputRow(row.id(), 0, UUID.randomUUID(), 0, "policy", null, "{}", NOW);

    assertThatThrownBy(
            () ->
                jdbi.useExtension(
                    SimulationChangeDao.class,
                    dao -> dao.storeInput(input, row.version() + 1, notice)))
        .isInstanceOf(ChangedMeanwhile.class);
    assertThat(inputs(row)).isEmpty();
    assertThat(notices).isEmpty();

    jdbi.useExtension(
        SimulationChangeDao.class, dao -> dao.storeInput(input, row.version(), notice));
    assertThat(inputs(row)).hasSize(1);
    assertThat(notices).containsExactly(row.id());
  }

  @Test
  void aStaleStatusChangeIsNotJournaled() {
    SimulationRow row = created();
    StatusChangeRow change =
        new StatusChangeRow(row.id(), -1, 0, 0, "running", "created", "play", 2.0, NOW);

    assertThatThrownBy(
            () -> changes(dao -> dao.storeStatus(row.version() + 1, "me", change, notice)))
        .isInstanceOf(ChangedMeanwhile.class);
    assertThat(statusChanges(row)).isEmpty();

    StatusChangeRow stored =
        jdbi.withExtension(
            SimulationChangeDao.class,
            dao -> dao.storeStatus(row.version(), "me", change, notice).orElseThrow());
    assertThat(stored.seq()).isZero();
    assertThat(statusChanges(row)).containsExactly(stored);
    assertThat(notices).containsExactly(row.id());
  }

  @Test
  void aDeleteDeletesTheScenarioToo() {
    SimulationRow row = created();
    assertThat(scenarioRows(row)).isOne();

    changes(
        dao -> {
          dao.delete(row.id(), row.version(), notice);
          return null;
        });

    assertThat(scenarioRows(row)).isZero();
    assertThat(notices).containsExactly(row.id());
  }

  /** The previous version deletes from simulations without knowing simulation_scenarios. */
  @Test
  void aDeleteThatDoesNotKnowTheScenarioTableStillDeletesIt() {
    SimulationRow row = created();
    assertThat(scenarioRows(row)).isOne();

    jdbi.useHandle(handle -> handle.execute("DELETE FROM simulations WHERE id = ?", row.id()));

    assertThat(scenarioRows(row)).isZero();
  }

  private SimulationRow created() {
    UUID organization = UUID.randomUUID();
    jdbi.useExtension(
        OrganizationDao.class,
        dao -> dao.insertOrganization(organization, "Org", "org-" + organization, NOW));
    jdbi.useExtension(
        UsageDao.class,
        dao -> dao.ensurePeriod(organization, PERIOD, PERIOD.plus(30, ChronoUnit.DAYS)));
    SimulationRow row =
        new SimulationRow(
            UUID.randomUUID(),
            organization,
            "s",
            "{}".getBytes(StandardCharsets.UTF_8),
            "1.0.0",
            "created",
            0,
            0,
            1.0,
            "{}",
            NOW,
            NOW,
            0,
            null,
            null);
    boolean inserted = new SimulationWrites(jdbi, false).insertCreated(row, PERIOD, 10);
    assertThat(inserted).isTrue();
    return row;
  }

  private static <T> T changes(ExtensionCallback<T, SimulationChangeDao, RuntimeException> call) {
    return jdbi.withExtension(SimulationChangeDao.class, call);
  }

  private static List<InputRow> inputs(SimulationRow row) {
    return jdbi.withExtension(InputDao.class, dao -> dao.all(row.id()));
  }

  private static List<StatusChangeRow> statusChanges(SimulationRow row) {
    return jdbi.withExtension(StatusChangeDao.class, dao -> dao.upTo(row.id(), Long.MAX_VALUE));
  }

  private static int scenarioRows(SimulationRow row) {
    return jdbi.withHandle(
        handle ->
            handle
                .createQuery("SELECT COUNT(*) FROM simulation_scenarios WHERE simulation_id = :id")
                .bind("id", row.id())
                .mapTo(Integer.class)
                .one());
  }
}

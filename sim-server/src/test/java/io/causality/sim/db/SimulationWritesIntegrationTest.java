package io.causality.sim.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.db.ManagedDataSource;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plain JDBC reads and the writes that count usage on H2 with the real changelog: what a step
 * reads ({@link SimulationToAdvance}), what a create, a step and a create-and-run store, read back
 * through the DAOs that serve them; a write over a stale version, past the runs or into a period
 * without its usage row keeps nothing.
 */
class SimulationWritesIntegrationTest {
  private static final Instant CREATED = Instant.parse("2026-11-25T03:00:00Z");
  private static final Instant NOW = Instant.parse("2026-11-25T03:00:01.123456Z");
  private static final Instant PERIOD = Instant.parse("2026-11-01T00:00:00Z");
  private static ManagedDataSource dataSource;
  private static Jdbi jdbi;
  private static SimulationWrites writes;

  private final List<UUID> notices = new ArrayList<>();
  private final ChangeNotice notice =
      (handle, id) -> {
        assertThat(handle.isInTransaction()).isTrue();
        notices.add(id);
      };

  @BeforeAll
  static void database() {
    dataSource = SimTestFixture.migratedDatabase("writes");
    jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
    writes = new SimulationWrites(jdbi, false);
  }

  @AfterAll
  static void close() throws Exception {
    dataSource.stop();
  }

  @Test
  void aStepReadsTheRowWithoutItsScenarioAndTheLicenseTier() {
    SimulationRow row = stored(organization(true));
    jdbi.useExtension(
        OrganizationDao.class,
        dao ->
            dao.insertLicense(
                UUID.randomUUID(), row.organizationId(), "strategic", "active", null, null, NOW));

    SimulationToAdvance.Found found = new SimulationToAdvance(jdbi).find(row.id()).orElseThrow();

    assertThat(found.tier()).isEqualTo("strategic");
    assertThat(found.row()).isEqualTo(withoutScenario(find(row).orElseThrow()));
  }

  @Test
  void aStepOfAnOrganizationWithoutLicenseReadsNoTier() {
    SimulationRow row = stored(organization(true));

    SimulationToAdvance.Found found = new SimulationToAdvance(jdbi).find(row.id()).orElseThrow();

    assertThat(found.tier()).isNull();
    assertThat(found.row().id()).isEqualTo(row.id());
    assertThat(new SimulationToAdvance(jdbi).find(UUID.randomUUID())).isEmpty();
  }

  @Test
  void aCreateAndRunReadsTheLicenseTierAndThePeriodsRunsInOneQuery() {
    UUID organization = organization(true);
    jdbi.useExtension(
        OrganizationDao.class,
        dao ->
            dao.insertLicense(
                UUID.randomUUID(), organization, "professional", "active", null, null, NOW));
    jdbi.useExtension(UsageDao.class, dao -> dao.increment(organization, PERIOD, 3, 0, 40));

    RunAllowance.Found found = new RunAllowance(jdbi).find(organization, PERIOD);

    assertThat(found).isEqualTo(new RunAllowance.Found("professional", 3));
    assertThat(new RunAllowance(jdbi).find(organization, PERIOD.minus(30, ChronoUnit.DAYS)))
        .isEqualTo(new RunAllowance.Found("professional", 0));
  }

  @Test
  void aCreateAndRunWithoutLicenseOrPeriodReadsNoTierAndNoRuns() {
    UUID organization = organization(false);

    assertThat(new RunAllowance(jdbi).find(organization, PERIOD))
        .isEqualTo(new RunAllowance.Found(null, 0));
  }

  @Test
  void anAdvanceStoresItsProgressProphecySnapshotStatusAndTicks() {
    SimulationRow row = stored(organization(true));
    StatusChangeRow earlier = journal(row, "paused", "created");
    ProphecyRow prophecy = new ProphecyRow(UUID.randomUUID(), row.id(), 0, 7, "{\"p\":1}", NOW);
    StatusChangeRow completed =
        new StatusChangeRow(row.id(), -1, 9, 0, "completed", "paused", "completed", 1.0, NOW);

    Optional<StatusChangeRow> change =
        writes.storeProgress(
            progress(row, 9, "completed", List.of(prophecy), new byte[] {4, 2}, completed), notice);

    assertThat(change).contains(completed.withSeq(earlier.seq() + 1));
    SimulationRow after = find(row).orElseThrow();
    assertThat(after)
        .extracting(
            "ticksComputed", "status", "stateJson", "gammaWindow", "player", "updatedAt", "version")
        .containsExactly(9L, "completed", "{\"t\":9}", "{\"w\":9}", null, NOW, row.version() + 1);
    assertThat(prophecies(row)).containsExactly(prophecy);
    assertThat(snapshot(row, 9)).containsExactly(4, 2);
    assertThat(statusChanges(row)).containsExactly(earlier, completed.withSeq(1));
    assertThat(usage(row)).extracting("tickCount", "simulationRuns").containsExactly(9L, 1L);
    assertThat(notices).containsExactly(row.id());
  }

  @Test
  void theOutcomeOfTheLastTickIsStoredForTheList() {
    SimulationRow row = stored(organization(true));

    writes.storeProgress(progress(row, 8, "paused", List.of(), null, null), notice);

    List<Object> outcome =
        jdbi.withHandle(
            handle ->
                handle
                    .createQuery("SELECT outcome_b, outcome_lost FROM simulations WHERE id = :id")
                    .bind("id", row.id())
                    .map((rs, ctx) -> List.<Object>of(rs.getDouble(1), rs.getInt(2)))
                    .one());
    assertThat(outcome).containsExactly(0.08, 4);
  }

  @Test
  void aStaleAdvanceKeepsNeitherProgressNorUsage() {
    SimulationRow row = stored(organization(true));
    SimulationProgress stale = progress(row, 5, "paused", List.of(), new byte[] {1}, null);
    SimulationProgress overStale =
        new SimulationProgress(
            stale.id(),
            stale.organizationId(),
            row.version() + 1,
            stale.fromTick(),
            stale.toTick(),
            stale.status(),
            stale.stateJson(),
            stale.outcomeB(),
            stale.outcomeLost(),
            stale.gammaWindow(),
            stale.player(),
            stale.now(),
            stale.prophecies(),
            stale.snapshots(),
            stale.periodStart(),
            null);

    assertThatThrownBy(() -> writes.storeProgress(overStale, notice))
        .isInstanceOf(ChangedMeanwhile.class);
    assertThat(find(row).orElseThrow().ticksComputed()).isZero();
    assertThat(usage(row).tickCount()).isZero();
    assertThat(notices).isEmpty();
  }

  @Test
  void anAdvanceIntoAPeriodWithoutItsRowKeepsNothing() {
    UUID organization = organization(false);
    SimulationRow row = created(organization);
    insertAsPreviousVersion(row);

    assertThatThrownBy(
            () -> writes.storeProgress(progress(row, 5, "paused", List.of(), null, null), notice))
        .isInstanceOf(SimulationWrites.UsagePeriodMissing.class);
    assertThat(find(row).orElseThrow().ticksComputed()).isZero();
  }

  @Test
  void aRunIsStoredAdvancedWithItsRunAndTicksCountedInOneWrite() {
    SimulationRow row = created(organization(true));
    ProphecyRow prophecy = new ProphecyRow(UUID.randomUUID(), row.id(), 0, 3, "{}", NOW);
    StatusChangeRow paused =
        new StatusChangeRow(row.id(), -1, 6, 0, "paused", "created", "step", 1.0, NOW);

    boolean stored =
        writes.insertAdvanced(
            row, progress(row, 6, "paused", List.of(prophecy), null, paused), 10, notice);

    assertThat(stored).isTrue();
    assertThat(find(row).orElseThrow())
        .extracting("ticksComputed", "status", "createdAt", "updatedAt", "version")
        .containsExactly(6L, "paused", CREATED, NOW, 1L);
    assertThat(scenarioOf(row)).contains(scenarioText(row));
    assertThat(statusChanges(row)).containsExactly(paused.withSeq(0));
    assertThat(usage(row)).extracting("tickCount", "simulationRuns").containsExactly(6L, 1L);
    assertThat(notices).containsExactly(row.id());
  }

  @Test
  void aRunPastTheLimitKeepsNothing() {
    UUID organization = organization(true);
    stored(organization);
    SimulationRow second = created(organization);
    ProphecyRow prophecy = new ProphecyRow(UUID.randomUUID(), second.id(), 0, 3, "{}", NOW);

    boolean stored =
        writes.insertAdvanced(
            second, progress(second, 6, "paused", List.of(prophecy), null, null), 1, notice);

    assertThat(stored).isFalse();
    assertThat(find(second)).isEmpty();
    assertThat(prophecies(second)).isEmpty();
    assertThat(usage(second)).extracting("tickCount", "simulationRuns").containsExactly(0L, 1L);
  }

  @Test
  void aRunIntoAPeriodWithoutItsRowKeepsNothing() {
    SimulationRow row = created(organization(false));

    assertThatThrownBy(
            () ->
                writes.insertAdvanced(
                    row, progress(row, 6, "paused", List.of(), null, null), 10, notice))
        .isInstanceOf(SimulationWrites.UsagePeriodMissing.class);
    assertThat(find(row)).isEmpty();
  }

  @Test
  void aCreateIsStoredAsCreatedWithItsRunCounted() {
    SimulationRow row = stored(organization(true));

    assertThat(find(row)).contains(withoutScenario(row));
    assertThat(scenarioOf(row)).contains(scenarioText(row));
    assertThat(usage(row)).extracting("tickCount", "simulationRuns").containsExactly(0L, 1L);
    assertThat(notices).isEmpty();
  }

  @Test
  void aCreatePastTheLimitIsNotStored() {
    SimulationRow first = stored(organization(true));
    SimulationRow second = created(first.organizationId());

    boolean inserted = writes.insertCreated(second, PERIOD, 1);
    assertThat(inserted).isFalse();
    assertThat(find(second)).isEmpty();
    assertThat(usage(first).simulationRuns()).isEqualTo(1);
  }

  @Test
  void aCreateIntoAPeriodWithoutItsRowKeepsNothing() {
    SimulationRow row = created(organization(false));

    assertThatThrownBy(() -> writes.insertCreated(row, PERIOD, 10))
        .isInstanceOf(SimulationWrites.UsagePeriodMissing.class);
    assertThat(find(row)).isEmpty();
  }

  @Test
  void theScenarioIsWrittenOnceInARowOfItsOwnNotInTheRowEveryStepUpdates() {
    SimulationRow row = stored(organization(true));
    writes.storeProgress(progress(row, 5, "paused", List.of(), null, null), notice);

    assertThat(scenarioInSimulationsRow(row)).isNull();
    assertThat(scenarioOf(row)).contains(scenarioText(row));
    SimulationRow run = created(row.organizationId());
    writes.insertAdvanced(run, progress(run, 6, "paused", List.of(), null, null), 10, notice);
    assertThat(scenarioInSimulationsRow(run)).isNull();
    assertThat(scenarioOf(run)).contains(scenarioText(run));
  }

  @Test
  void aSharedDatabaseKeepsACopyInTheSimulationsRowForThePreviousVersion() {
    SimulationWrites shared = new SimulationWrites(jdbi, true);
    SimulationRow row = created(organization(true));
    assertThat(shared.insertCreated(row, PERIOD, 1)).isTrue();
    SimulationRow run = created(row.organizationId());
    assertThat(
            shared.insertAdvanced(
                run, progress(run, 6, "paused", List.of(), null, null), 10, notice))
        .isTrue();

    assertThat(scenarioInSimulationsRow(row)).isEqualTo(scenarioText(row));
    assertThat(scenarioInSimulationsRow(run)).isEqualTo(scenarioText(run));
    assertThat(scenarioOf(run)).contains(scenarioText(run));
  }

  @Test
  void aSimulationThePreviousVersionStoredIsReadFromItsRow() {
    SimulationRow row = created(organization(true));
    insertAsPreviousVersion(row);

    assertThat(scenarioOf(row)).contains(scenarioText(row));
    assertThat(scenarioOf(created(row.organizationId()))).isEmpty();
  }

  private static SimulationProgress progress(
      SimulationRow row,
      long toTick,
      String status,
      List<ProphecyRow> prophecies,
      byte[] snapshot,
      StatusChangeRow change) {
    return new SimulationProgress(
        row.id(),
        row.organizationId(),
        row.version(),
        row.ticksComputed(),
        toTick,
        status,
        "{\"t\":" + toTick + "}",
        toTick / 100.0,
        (int) toTick / 2,
        "{\"w\":" + toTick + "}",
        null,
        NOW,
        prophecies,
        snapshot == null ? List.of() : List.of(new TickSnapshot(toTick, snapshot)),
        PERIOD,
        change);
  }

  /** An organization, with its usage row of the period when {@code withPeriod}. */
  private static UUID organization(boolean withPeriod) {
    UUID organization = UUID.randomUUID();
    jdbi.useExtension(
        OrganizationDao.class,
        dao -> dao.insertOrganization(organization, "Org", "org-" + organization, NOW));
    if (withPeriod) {
      jdbi.useExtension(
          UsageDao.class,
          dao -> dao.ensurePeriod(organization, PERIOD, PERIOD.plus(30, ChronoUnit.DAYS)));
    }
    return organization;
  }

  private static SimulationRow created(UUID organization) {
    return new SimulationRow(
        UUID.randomUUID(),
        organization,
        "s",
        "{\"scenario\":\"naïve ✓\"}".getBytes(StandardCharsets.UTF_8),
        "1.0.0",
        "created",
        0,
        0,
        1.0,
        "{}",
        CREATED,
        CREATED,
        0,
        null,
        "{\"w\":0}");
  }

  /** A simulation stored as created, its run counted. */
  private static SimulationRow stored(UUID organization) {
    SimulationRow row = created(organization);
    boolean inserted = writes.insertCreated(row, PERIOD, 1);
    assertThat(inserted).isTrue();
    return row;
  }

  private static StatusChangeRow journal(SimulationRow row, String status, String previous) {
    StatusChangeRow change =
        new StatusChangeRow(row.id(), -1, 0, 0, status, previous, "step", 1.0, CREATED);
    return jdbi.withExtension(StatusChangeDao.class, dao -> dao.append(change));
  }

  private static SimulationRow withoutScenario(SimulationRow row) {
    return new SimulationRow(
        row.id(),
        row.organizationId(),
        row.scenarioId(),
        null,
        row.engineVersion(),
        row.status(),
        row.ticksComputed(),
        row.inputCount(),
        row.speed(),
        row.stateJson(),
        row.createdAt(),
        row.updatedAt(),
        row.version(),
        row.player(),
        row.gammaWindow());
  }

  private static List<ProphecyRow> prophecies(SimulationRow row) {
    return jdbi.withExtension(ProphecyDao.class, dao -> dao.page(row.id(), "ASC", 10, 0));
  }

  private static byte[] snapshot(SimulationRow row, long tick) {
    return jdbi.withExtension(SnapshotDao.class, dao -> dao.latest(row.id(), tick))
        .orElseThrow()
        .bytes();
  }

  private static Optional<SimulationRow> find(SimulationRow row) {
    return jdbi.withExtension(SimulationDao.class, dao -> dao.find(row.id()));
  }

  private static List<StatusChangeRow> statusChanges(SimulationRow row) {
    return jdbi.withExtension(StatusChangeDao.class, dao -> dao.upTo(row.id(), Long.MAX_VALUE));
  }

  private static UsageRow usage(SimulationRow row) {
    return jdbi.withExtension(UsageDao.class, dao -> dao.find(row.organizationId(), PERIOD))
        .orElseThrow();
  }

  /** A row as the previous version inserts it: the scenario in it, none in its own table. */
  private static void insertAsPreviousVersion(SimulationRow row) {
    jdbi.useHandle(
        handle ->
            handle
                .createUpdate(
                    """
                    INSERT INTO simulations (id, organization_id, scenario_id, scenario_json,
                      engine_version, status, ticks_computed, input_count, speed, state_json,
                      created_at, updated_at, gamma_window)
                    VALUES (:id, :organizationId, :scenarioId, :scenarioJson, :engineVersion,
                      :status, :ticksComputed, :inputCount, :speed, :stateJson, :createdAt,
                      :updatedAt, :gammaWindow)
                    """)
                .bindMethods(row)
                .bind("scenarioJson", scenarioText(row))
                .execute());
  }

  private static String scenarioText(SimulationRow row) {
    return new String(row.scenarioJson(), StandardCharsets.UTF_8);
  }

  private static Optional<String> scenarioOf(SimulationRow row) {
    return jdbi.withExtension(SimulationDao.class, dao -> dao.scenarioOf(row.id()));
  }

  private static String scenarioInSimulationsRow(SimulationRow row) {
    return jdbi.withHandle(
        handle ->
            handle
                .createQuery("SELECT scenario_json FROM simulations WHERE id = :id")
                .bind("id", row.id())
                .mapTo(String.class)
                .one());
  }
}

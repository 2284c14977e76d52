package io.causality.sim.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.api.DecreeView;
import io.causality.sim.api.Page;
import io.causality.sim.api.ProphecyView;
import io.causality.sim.api.SimulationView;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.InputDao;
import io.causality.sim.db.ProphecyDao;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SimulationSummary;
import io.causality.sim.db.SimulationSummaryQuery;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.TraceWriter;
import io.causality.sim.errors.ForbiddenException;
import io.causality.sim.errors.SimulationNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.jdbi.v3.core.Jdbi;

/** What reads simulations: lists, one simulation, its decrees, prophecies and trace. */
public final class SimulationReader {
  private static final JsonFactory JSON = new JsonFactory();

  private final Jdbi jdbi;
  private final SimulationAccess access;
  private final SimulationSummaryQuery summaries;
  private final SimulationLoader loader;

  public SimulationReader(Jdbi jdbi, DataSource dataSource, SimulationLoader loader) {
    this.jdbi = jdbi;
    this.access = new SimulationAccess(jdbi);
    this.summaries = new SimulationSummaryQuery(dataSource);
    this.loader = loader;
  }

  /** How a list is ordered. */
  public enum Order {
    ASC,
    DESC
  }

  /**
   * The caller's simulations, newest first; a user may narrow them to one organization, anyone to
   * one status (null: every status). The total counts the simulations the filters keep.
   */
  public Page<SimulationView> list(
      Caller caller, UUID organizationFilter, SimulationStatus status, int limit, long offset) {
    Set<UUID> organizations = visibleOrganizations(caller, organizationFilter);
    if (organizations.isEmpty()) {
      return Page.of(List.of(), limit, offset, 0);
    }
    List<String> statuses = statusesOf(status);
    return jdbi.withExtension(
        SimulationDao.class,
        dao ->
            Page.of(
                dao.page(organizations, statuses, limit, offset).stream()
                    .map(SimulationViews::simulation)
                    .toList(),
                limit,
                offset,
                dao.count(organizations, statuses)));
  }

  private static List<String> statusesOf(SimulationStatus status) {
    Stream<SimulationStatus> kept =
        status == null ? Arrays.stream(SimulationStatus.values()) : Stream.of(status);
    return kept.map(SimulationStatus::wireName).toList();
  }

  /** The spec answers 404 for an unknown simulation and 401 for another organization's. */
  public SimulationView get(Caller caller, UUID id) {
    SimulationSummary summary =
        summaries.find(id).orElseThrow(() -> new SimulationNotFoundException(id));
    SimulationAccess.requireAccess(caller, id, summary.organizationId());
    return SimulationViews.simulation(summary);
  }

  public Page<DecreeView> decrees(Caller caller, UUID id, int limit, long offset, Order order) {
    access.check(caller, id);
    return jdbi.withExtension(
        InputDao.class,
        dao ->
            Page.of(
                dao.decrees(id, order.name(), limit, offset).stream()
                    .map(SimulationViews::decree)
                    .toList(),
                limit,
                offset,
                dao.countDecrees(id)));
  }

  public Page<ProphecyView> prophecies(
      Caller caller, UUID id, int limit, long offset, Order order) {
    access.check(caller, id);
    return jdbi.withExtension(
        ProphecyDao.class,
        dao ->
            Page.of(
                dao.page(id, order.name(), limit, offset).stream()
                    .map(SimulationViews::prophecy)
                    .toList(),
                limit,
                offset,
                dao.count(id)));
  }

  /** The stored simulation a trace can be made of: 404 until it has run a tick. */
  public Traceable traceable(Caller caller, UUID id) {
    SimulationRow row = access.accessible(caller, id);
    if (row.ticksComputed() == 0) {
      throw new SimulationNotFoundException(id, "has no trace yet: it has not run a tick");
    }
    return new Traceable(row);
  }

  /**
   * Writes the trace by replaying the stored inputs from tick 0: the same bytes as the live run,
   * streamed as they are computed, whatever the tick count.
   */
  public void writeTrace(Traceable simulation, boolean ndjson, OutputStream out)
      throws IOException {
    writeTrace(simulation, TickRange.ALL, ndjson, out);
  }

  /**
   * Writes the trace with only the steps in {@code range}: metadata and initialState as in the
   * whole trace, then the steps of the range, each byte for byte the whole trace's. The ticks
   * before the range are computed without writing, those after it not at all.
   */
  public void writeTrace(Traceable simulation, TickRange range, boolean ndjson, OutputStream out)
      throws IOException {
    try (JsonGenerator gen = JSON.createGenerator(out)) {
      writeTrace(simulation, range, ndjson, gen);
    }
  }

  /** The answer of create-and-run: {@code {simulationId, engineVersion, trace}}, streamed. */
  public void writeRun(Traceable simulation, OutputStream out) throws IOException {
    SimulationRow row = simulation.row();
    try (JsonGenerator gen = JSON.createGenerator(out)) {
      gen.writeStartObject();
      gen.writeStringField("simulationId", row.id().toString());
      gen.writeStringField("engineVersion", row.engineVersion());
      gen.writeFieldName("trace");
      writeTrace(simulation, TickRange.ALL, false, gen);
      gen.writeEndObject();
    }
  }

  /**
   * The header comes from the scenario (tick 0); the steps from the latest snapshot before the
   * range, so that a short range of a long simulation replays less than a snapshot interval plus
   * one step quietly, not its whole history (the engine is deterministic: the steps are the whole
   * trace's).
   */
  private void writeTrace(Traceable traced, TickRange range, boolean ndjson, JsonGenerator gen) {
    SimulationRow row = traced.row();
    Simulation start =
        traced.scenario() != null ? loader.fresh(row, traced.scenario()) : loader.fresh(row);
    TraceWriter writer = ndjson ? TraceWriter.ndjson(gen, start) : TraceWriter.json(gen, start);
    long until = range.untilOf(traced.ticks());
    long from = Math.min(range.from(), until);
    if (from == 0) {
      start.replay(loader.inputs(row), until, writer);
    } else {
      // restored before tick from, with the inputs of tick from queued already
      loader.atTick(row, from).replay(loader.inputsAfter(row, from), until, writer);
    }
    writer.finish();
  }

  private static Set<UUID> visibleOrganizations(Caller caller, UUID filter) {
    if (caller.isApiKey() || filter == null) {
      return caller.memberships().keySet();
    }
    if (!caller.canAccess(filter)) {
      throw new ForbiddenException("You are not a member of organization " + filter);
    }
    return Set.of(filter);
  }
}

package io.causality.sim.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.api.DecreeView;
import io.causality.sim.api.Page;
import io.causality.sim.api.ProphecyView;
import io.causality.sim.api.RawJson;
import io.causality.sim.api.SimulationSort;
import io.causality.sim.api.SimulationView;
import io.causality.sim.api.SortOrder;
import io.causality.sim.api.TraceAgents;
import io.causality.sim.core.errors.ForbiddenException;
import io.causality.sim.core.errors.SimulationNotFoundException;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.db.InputDao;
import io.causality.sim.db.ListOrder;
import io.causality.sim.db.ProphecyDao;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SimulationSummary;
import io.causality.sim.db.SimulationSummaryQuery;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.AgentSelection;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.TraceWriter;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.jdbi.v3.core.Jdbi;

/** What reads simulations: lists, one simulation, its decrees, prophecies and trace. */
public final class SimulationReader {
  private static final JsonFactory JSON = new JsonFactory();

  private final Jdbi jdbi;
  private final SimulationAccess access;
  private final SimulationSummaryQuery summaries;
  private final SimulationLoader loader;
  private final OrganizationService organizations;

  public SimulationReader(
      Jdbi jdbi,
      SimulationAccess access,
      SimulationSummaryQuery summaries,
      SimulationLoader loader,
      OrganizationService organizations) {
    this.jdbi = jdbi;
    this.access = access;
    this.summaries = summaries;
    this.loader = loader;
    this.organizations = organizations;
  }

  /** How a list is ordered. */
  public enum Order {
    ASC,
    DESC
  }

  /**
   * The caller's simulations in {@code order}; a user may narrow them to one organization, anyone
   * to one status (null: every status). The total counts the simulations the filters keep.
   */
  public Page<SimulationView> list(
      Caller caller,
      UUID organizationFilter,
      SimulationStatus status,
      SimulationSort sort,
      SortOrder order,
      int limit,
      long offset) {
    Set<UUID> organizations = visibleOrganizations(caller, organizationFilter);
    if (organizations.isEmpty()) {
      return Page.of(List.of(), limit, offset, 0);
    }
    List<String> statuses = statusesOf(status);
    return jdbi.withExtension(
        SimulationDao.class,
        dao ->
            Page.of(
                dao.page(organizations, statuses, listOrder(sort, order), limit, offset).stream()
                    .map(SimulationViews::simulation)
                    .toList(),
                limit,
                offset,
                dao.count(organizations, statuses)));
  }

  private static ListOrder listOrder(SimulationSort sort, SortOrder order) {
    boolean ascending = order == SortOrder.ASC;
    return switch (sort) {
      case CREATED_AT -> ascending ? ListOrder.OLDEST : ListOrder.NEWEST;
      case B -> ascending ? ListOrder.B_ASCENDING : ListOrder.B_DESCENDING;
      case LOSSES -> ascending ? ListOrder.LOST_ASCENDING : ListOrder.LOST_DESCENDING;
    };
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

  /**
   * The scenario the simulation runs, as stored at its creation: the public Scenario shape, with
   * {@code id} and {@code label} null for an inline or domain scenario, and the seed it runs with.
   * Sent back as {@code scenario} of a create, it makes the same simulation again.
   */
  public RawJson scenario(Caller caller, UUID id) {
    return new RawJson(loader.scenarioJson(access.accessible(caller, id)));
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
   * Writes the trace with only the steps in {@code range} ({@link TickRange#ALL}: every step):
   * metadata and initialState as in the whole trace, then the steps of the range, each byte for
   * byte the whole trace's, each carrying the {@code agents} asked for (null: the default of the
   * simulation's size and tier, {@link AgentsShown}). The ticks before the range are computed
   * without writing, those after it not at all; nothing is held: the trace streams as it is
   * computed, whatever the tick count.
   */
  public void writeTrace(
      Traceable simulation, TickRange range, boolean ndjson, TraceAgents agents, OutputStream out)
      throws IOException {
    try (WorkingMemory.Reservation reserved = loader.reserveFor(simulation.row());
        JsonGenerator gen = JSON.createGenerator(out)) {
      Simulation start = started(simulation, reserved);
      SimulationRow row = simulation.row();
      AgentSelection selection =
          AgentsShown.resolve(
              agents, start.agentCount(), () -> organizations.tierOf(row.organizationId()));
      writeTrace(simulation, start, range, new TraceForm(ndjson, selection), gen);
    }
  }

  /**
   * The answer of create-and-run: {@code {simulationId, engineVersion, trace}} (NDJSON: the trace
   * lines), in the form it was run with. The trace computed with the ticks is sent as it is; one
   * too large to have been kept is replayed from the stored run.
   */
  public void writeRun(Traceable simulation, OutputStream out) throws IOException {
    SimulationRow row = simulation.row();
    TraceForm form = simulation.form();
    if (!form.ndjson()) {
      out.write(runPrefix(row));
    }
    if (simulation.computed() != null) {
      simulation.computed().writeTo(out);
    } else {
      try (WorkingMemory.Reservation reserved = loader.reserveFor(row);
          JsonGenerator gen = JSON.createGenerator(new Unclosed(out))) {
        writeTrace(simulation, started(simulation, reserved), TickRange.ALL, form, gen);
      }
    }
    if (!form.ndjson()) {
      out.write('}');
    }
    out.flush();
  }

  /** {@code {"simulationId":...,"engineVersion":...,"trace":}, as one generator writes it. */
  private static byte[] runPrefix(SimulationRow row) throws IOException {
    ByteArrayOutputStream prefix = new ByteArrayOutputStream();
    try (JsonGenerator gen = JSON.createGenerator(prefix)) {
      // the object stays open: the trace and its closing brace follow
      gen.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
      gen.writeStartObject();
      gen.writeStringField("simulationId", row.id().toString());
      gen.writeStringField("engineVersion", row.engineVersion());
      gen.writeFieldName("trace");
    }
    // the generator writes the name's colon with the value that follows it: here, the trace
    prefix.write(':');
    return prefix.toByteArray();
  }

  /**
   * The engine at tick 0, built within {@code reserved}, which then keeps only what the engine
   * holds while its ticks stream: a slow reader does not hold the rebuild's peak.
   */
  private Simulation started(Traceable traced, WorkingMemory.Reservation reserved) {
    SimulationRow row = traced.row();
    Simulation start =
        traced.scenario() != null ? loader.fresh(row, traced.scenario()) : loader.fresh(row);
    reserved.keepOnly(
        WorkingMemory.heapWhileStreaming(start.agentCount(), start.scenarioBytesHeld()));
    return start;
  }

  /**
   * Writes the per-tick series of the steps in {@code range} as CSV ({@link TraceCsv}), computed as
   * the trace's are.
   */
  public void writeTraceCsv(Traceable simulation, TickRange range, OutputStream out)
      throws IOException {
    TraceCsv csv = new TraceCsv(out);
    try (WorkingMemory.Reservation reserved = loader.reserveFor(simulation.row())) {
      replay(simulation, started(simulation, reserved), range, csv);
    }
    csv.finish();
  }

  private void writeTrace(
      Traceable traced, Simulation start, TickRange range, TraceForm form, JsonGenerator gen) {
    TraceWriter writer =
        form.ndjson()
            ? TraceWriter.ndjson(gen, start, form.agents())
            : TraceWriter.json(gen, start, form.agents());
    replay(traced, start, range, writer);
    writer.finish();
  }

  /**
   * Replays the steps of {@code range} into {@code listener}. The header comes from the scenario
   * (tick 0); the steps from the latest snapshot before the range, so that a short range of a long
   * simulation replays less than a snapshot interval plus one step quietly, not its whole history
   * (the engine is deterministic: the steps are the whole trace's).
   */
  private void replay(
      Traceable traced, Simulation start, TickRange range, EngineListener listener) {
    SimulationRow row = traced.row();
    long until = range.untilOf(traced.ticks());
    long from = Math.min(range.from(), until);
    if (from == 0) {
      start.replay(loader.inputs(row), until, listener);
    } else {
      // restored before tick from, with the inputs of tick from queued already
      loader.atTick(row, from).replay(loader.inputsAfter(row, from), until, listener);
    }
  }

  /** The response's stream, left open when a generator over it closes. */
  private static final class Unclosed extends FilterOutputStream {
    Unclosed(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      out.flush();
    }
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

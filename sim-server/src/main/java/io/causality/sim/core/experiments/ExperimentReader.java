package io.causality.sim.core.experiments;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.causality.sim.api.ExperimentAggregate;
import io.causality.sim.api.ExperimentAggregates;
import io.causality.sim.api.ExperimentRunView;
import io.causality.sim.api.ExperimentSeriesStats;
import io.causality.sim.api.ExperimentView;
import io.causality.sim.api.Page;
import io.causality.sim.core.errors.ExperimentConflictException;
import io.causality.sim.core.errors.ForbiddenException;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.ExperimentAggregateRow;
import io.causality.sim.db.ExperimentDao;
import io.causality.sim.db.ExperimentEventRow;
import io.causality.sim.db.ExperimentRow;
import io.causality.sim.db.ExperimentRunRow;
import io.causality.sim.db.StoredRuns;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jdbi.v3.core.Jdbi;

/**
 * What reads experiments: one, a page of them, their runs (JSON pages, or NDJSON and CSV streamed a
 * page of runs at a time, so that 10,000 runs take no more memory than 500), their aggregates and
 * their events. Runs and aggregates carry nothing that depends on who computed them or when, so the
 * same definition gives the same bytes.
 */
public final class ExperimentReader {
  /** Runs read per query while streaming them. */
  static final int STREAM_PAGE = 500;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final CsvMapper CSV = new CsvMapper();

  private final Jdbi jdbi;
  private final ExperimentAccess access;

  ExperimentReader(Jdbi jdbi, ExperimentAccess access) {
    this.jdbi = jdbi;
    this.access = access;
  }

  public ExperimentView get(Caller caller, UUID id) {
    ExperimentRow row = access.accessible(caller, id);
    return ExperimentViews.experiment(row, access.running(row));
  }

  /** The caller's experiments, newest first; as the simulations' list. */
  public Page<ExperimentView> list(
      Caller caller, UUID organizationFilter, ExperimentStatus status, int limit, long offset) {
    Set<UUID> organizations = visibleOrganizations(caller, organizationFilter);
    if (organizations.isEmpty()) {
      return Page.of(List.of(), limit, offset, 0);
    }
    List<String> statuses =
        (status == null ? Arrays.stream(ExperimentStatus.values()) : Stream.of(status))
            .map(ExperimentStatus::wireName)
            .toList();
    List<ExperimentRow> rows =
        jdbi.withExtension(
            ExperimentDao.class, dao -> dao.page(organizations, statuses, limit, offset));
    long total = jdbi.withExtension(ExperimentDao.class, dao -> dao.count(organizations, statuses));
    return Page.of(
        rows.stream().map(row -> ExperimentViews.experiment(row, access.running(row))).toList(),
        limit,
        offset,
        total);
  }

  /** A page of the stored runs, in run order; the total counts the stored runs. */
  public Page<ExperimentRunView> runs(Caller caller, UUID id, int limit, long offset) {
    Plan plan = Plan.parse(access.accessible(caller, id).planJson());
    return stored(
        id,
        c ->
            Page.of(
                StoredRuns.page(c, id, offset, limit).stream()
                    .map(r -> ExperimentViews.run(r, plan))
                    .toList(),
                limit,
                offset,
                StoredRuns.count(c, id)));
  }

  /** An experiment's runs to stream: what a streamed list needs of its experiment. */
  public record RunList(UUID id, Plan plan, int chunkSize) {}

  /** Checks access now, before a streamed answer starts: the stream then cannot fail for it. */
  public RunList runsOf(Caller caller, UUID id) {
    ExperimentRow row = access.accessible(caller, id);
    return new RunList(id, Plan.parse(row.planJson()), row.chunkSize());
  }

  /** The runs as NDJSON, one run per line, from the {@code offset}-th stored one. */
  public void writeRunsNdjson(RunList list, int limit, long offset, OutputStream out)
      throws IOException {
    boolean any;
    try (SequenceWriter lines =
        JSON.writer()
            .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .withRootValueSeparator("\n")
            .writeValues(out)) {
      any = eachRun(list, limit, offset, view -> write(lines, view));
    }
    if (any) {
      out.write('\n');
    }
  }

  /**
   * The runs as CSV with a header line: run, combination, replication, each parameter path, seed,
   * status, each outcome collected, simulationId, error. An empty cell is a null.
   */
  public void writeRunsCsv(RunList list, int limit, long offset, OutputStream out)
      throws IOException {
    Plan plan = list.plan();
    List<String> columns = csvColumns(plan);
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).setLineSeparator("\n");
    columns.forEach(schema::addColumn);
    try (SequenceWriter rows =
        CSV.writer(schema.build())
            .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .writeValues(out)) {
      if (!eachRun(list, limit, offset, view -> write(rows, csvRow(view, plan)))) {
        rows.write(List.of()); // a header even without rows
      }
    }
  }

  /** Tells {@code consumer} the runs, a page of runs per query; false when there were none. */
  private boolean eachRun(
      RunList list, int limit, long offset, Consumer<ExperimentRunView> consumer) {
    UUID id = list.id();
    int sent = 0;
    List<ExperimentRunRow> page =
        stored(id, c -> StoredRuns.page(c, id, offset, Math.min(STREAM_PAGE, limit)));
    while (!page.isEmpty()) {
      for (ExperimentRunRow row : page) {
        consumer.accept(ExperimentViews.run(row, list.plan()));
      }
      sent += page.size();
      int next = page.get(page.size() - 1).runIndex() + 1;
      int wanted = Math.min(STREAM_PAGE, limit - sent);
      page =
          wanted <= 0
              ? List.of()
              : stored(id, c -> StoredRuns.from(c, id, next, list.chunkSize(), wanted));
    }
    return sent > 0;
  }

  /** Reads stored runs on a connection of the pool. */
  private <T> T stored(UUID id, StoredRead<T> read) {
    try {
      return jdbi.withHandle(handle -> read.on(handle.getConnection()));
    } catch (SQLException e) {
      throw new IllegalStateException("Reading experiment " + id + "'s runs failed", e);
    }
  }

  @FunctionalInterface
  private interface StoredRead<T> {
    T on(Connection connection) throws SQLException;
  }

  private static List<String> csvColumns(Plan plan) {
    List<String> columns = new ArrayList<>(List.of("run", "combination", "replication"));
    plan.grid().parameters().forEach(p -> columns.add(p.path()));
    columns.addAll(List.of("seed", "status"));
    plan.collect().outcomes().forEach(o -> columns.add(o.wireName()));
    columns.addAll(List.of("simulationId", "error"));
    return columns;
  }

  private static List<String> csvRow(ExperimentRunView view, Plan plan) {
    List<String> cells = new ArrayList<>();
    cells.add(Integer.toString(view.run()));
    cells.add(Integer.toString(view.combination()));
    cells.add(Integer.toString(view.replication()));
    view.parameters().values().forEach(v -> cells.add(v.asText()));
    cells.add(Long.toString(view.seed()));
    cells.add(view.status());
    for (Outcome outcome : plan.collect().outcomes()) {
      Object value = view.outcomes() == null ? null : view.outcomes().get(outcome.wireName());
      cells.add(
          value == null
              ? ""
              : value instanceof BigDecimal d ? d.toPlainString() : value.toString());
    }
    cells.add(view.simulationId() == null ? "" : view.simulationId().toString());
    cells.add(view.error() == null ? "" : view.error());
    return cells;
  }

  private static void write(SequenceWriter writer, Object value) {
    try {
      writer.write(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A page of the combinations' aggregates, once the experiment has completed (409 before: they are
   * computed over every run).
   */
  public ExperimentAggregates aggregates(Caller caller, UUID id, int limit, long offset) {
    ExperimentRow row = access.accessible(caller, id);
    if (ExperimentStatus.fromWireName(row.status()) != ExperimentStatus.COMPLETED) {
      throw new ExperimentConflictException(
          "Experiment " + id + " is " + row.status() + ": aggregates come when it has completed");
    }
    Plan plan = Plan.parse(row.planJson());
    int combinations = (int) plan.grid().combinations();
    int to = (int) Math.min(combinations, offset + limit);
    int from = (int) Math.min(offset, to); // an offset past the last combination: an empty page
    List<ExperimentAggregateRow> rows =
        jdbi.withExtension(ExperimentDao.class, dao -> dao.aggregates(id, from, to));
    return new ExperimentAggregates(
        "exact",
        aggregates(plan, from, to, rows),
        new Page.Pagination(limit, offset, combinations));
  }

  /** Every combination of the page; one whose runs all failed has no runs and no series. */
  private static List<ExperimentAggregate> aggregates(
      Plan plan, int from, int to, List<ExperimentAggregateRow> rows) {
    long[] ticks = Collect.ticks(plan.ticks(), plan.collect().every());
    List<ExperimentAggregate> out = new ArrayList<>();
    int next = 0;
    for (int combination = from; combination < to; combination++) {
      Map<String, ExperimentSeriesStats> found = new LinkedHashMap<>();
      int runs = 0;
      while (next < rows.size() && rows.get(next).combination() == combination) {
        ExperimentAggregateRow row = rows.get(next++);
        double[][] stats = SeriesCodec.decode(row.stats(), Statistics.NAMES.size());
        found.put(row.series(), seriesStats(ticks, stats));
        runs = stats[0].length == 0 ? 0 : (int) stats[0][0];
      }
      Map<String, ExperimentSeriesStats> series = new LinkedHashMap<>();
      for (Series s : plan.collect().series()) {
        if (found.containsKey(s.wireName())) {
          series.put(s.wireName(), found.get(s.wireName()));
        }
      }
      out.add(
          new ExperimentAggregate(
              combination, ExperimentViews.parameters(plan, combination), runs, series));
    }
    return out;
  }

  private static ExperimentSeriesStats seriesStats(long[] ticks, double[][] stats) {
    return new ExperimentSeriesStats(
        Arrays.stream(ticks).boxed().toList(),
        Arrays.stream(stats[0]).mapToObj(v -> (long) v).toList(),
        decimals(stats[1]),
        decimals(stats[2]),
        decimals(stats[3]),
        decimals(stats[4]),
        decimals(stats[5]),
        decimals(stats[6]),
        decimals(stats[7]));
  }

  private static List<BigDecimal> decimals(double[] values) {
    return Arrays.stream(values).mapToObj(ExperimentViews::decimal).toList();
  }

  /** Checks the caller may read the experiment's events; its last event's seq. */
  public long lastEvent(Caller caller, UUID id) {
    return access.accessible(caller, id).eventSeq();
  }

  /** The organization whose stream slots an experiment's stream takes. */
  public UUID organizationOf(Caller caller, UUID id) {
    return access.accessible(caller, id).organizationId();
  }

  /** Up to {@code limit} events after seq {@code afterSeq}, in order. */
  public List<ExperimentEventRow> eventsAfter(UUID id, long afterSeq, int limit) {
    return jdbi.withExtension(ExperimentDao.class, dao -> dao.eventsAfter(id, afterSeq, limit));
  }

  /** Whether the experiment is finished: its stream has nothing more to wait for. */
  public boolean finished(UUID id) {
    return jdbi.withExtension(ExperimentDao.class, dao -> dao.find(id))
        .map(row -> !ExperimentStatus.fromWireName(row.status()).underWay())
        .orElse(true);
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

package io.causality.common.metrics;

import io.prometheus.metrics.instrumentation.dropwizard5.labels.MapperConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How Dropwizard's metric names become Prometheus names (docs/operations.md, "Metrics"): rules in
 * the Prometheus client's own {@link MapperConfig} form (a dotted glob, a name, labels from the
 * glob's stars), then snake_case and {@code _seconds} for timers. A name no rule matches is kept,
 * in snake_case. Each rule's name ends with a tail after {@link DropwizardBridge#TAIL} that makes
 * it unique; the bridge cuts it off and merges the series of one name.
 */
public final class DropwizardNames {
  private static final String JETTY = "io.dropwizard.jetty.MutableServletContextHandler.";
  private static final String POOL = "io.dropwizard.db.ManagedPooledDataSource.*.";
  private static final String THREADS = "org.eclipse.jetty.util.thread.QueuedThreadPool.*.";
  private static final Pattern NOT_NAME = Pattern.compile("[^A-Za-z0-9_]");
  private static final Pattern CAMEL = Pattern.compile("([a-z0-9])([A-Z])");
  private static final Pattern UNDERSCORES = Pattern.compile("_+");

  private DropwizardNames() {}

  /**
   * The rules for a service whose resources live in {@code servicePackage + ".resources"} and whose
   * DAOs in {@code servicePackage + ".db"}, after {@code extra} (the service's own metrics).
   */
  public static List<MapperConfig> rules(String servicePackage, List<MapperConfig> extra) {
    // first match wins: the service's own names before the general executor rules
    List<MapperConfig> rules = new ArrayList<>(extra);
    jetty(rules);
    pool(rules);
    threads(rules);
    executors(rules);
    resources(rules, servicePackage + ".resources");
    resources(rules, "io.causality.common.openapi");
    rules.add(rule(servicePackage + ".db.*.*", "db_statement:${0}:${1}", "dao", "method"));
    for (String level : List.of("all", "trace", "debug", "info", "warn", "error")) {
      rules.add(
          fixed(
              "ch.qos.logback.core.Appender." + level,
              "logback_appender_events:" + level,
              "level",
              level));
    }
    rules.add(
        fixed(
            "org.eclipse.jetty.server.HttpConnectionFactory.*.*.*.*.*.connections",
            "jetty_connections:${0}.${1}.${2}.${3}:${4}",
            "connector",
            "${0}.${1}.${2}.${3}:${4}"));
    return withCounterNames(rules);
  }

  /**
   * Each rule twice: as written, and for the name the bridge asks about a meter (a counter), which
   * is the Dropwizard name with {@code _total} appended. Labels come from the Dropwizard name
   * itself, so both give the same series.
   */
  private static List<MapperConfig> withCounterNames(List<MapperConfig> rules) {
    List<MapperConfig> both = new ArrayList<>();
    for (MapperConfig rule : rules) {
      both.add(rule);
      if (!rule.getMatch().endsWith("*")) {
        both.add(new MapperConfig(rule.getMatch() + "_total", rule.getName(), rule.getLabels()));
      }
    }
    return both;
  }

  /**
   * A rule: {@code match} (a dotted glob), the Prometheus {@code name} (with a unique tail), and
   * label names, each taking the value of the star of its position.
   */
  public static MapperConfig rule(String match, String name, String... labels) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int star = 0; star < labels.length; star++) {
      values.put(labels[star], "${" + star + "}");
    }
    return new MapperConfig(match, name, values);
  }

  /**
   * A rule whose labels have the values given: {@code label, value, label, value...}; a value may
   * name the glob's stars ({@code ${0}}).
   */
  public static MapperConfig fixed(String match, String name, String... labelsAndValues) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i + 1 < labelsAndValues.length; i += 2) {
      values.put(labelsAndValues[i], labelsAndValues[i + 1]);
    }
    return new MapperConfig(match, name, values);
  }

  /** The exported name of a bridged metric named {@code raw} by the rules. */
  static String prometheusName(String raw, boolean timer) {
    int tail = raw.indexOf(DropwizardBridge.TAIL);
    String name = tail < 0 ? raw : raw.substring(0, tail);
    name = NOT_NAME.matcher(name).replaceAll("_");
    name = CAMEL.matcher(name).replaceAll("$1_$2").toLowerCase(Locale.ROOT);
    name = UNDERSCORES.matcher(name).replaceAll("_");
    name = name.replaceAll("^_|_$", "");
    return timer && !name.endsWith("_seconds") ? name + "_seconds" : name;
  }

  private static void jetty(List<MapperConfig> rules) {
    rules.add(fixed(JETTY + "requests", "http_server_requests"));
    rules.add(fixed(JETTY + "dispatches", "http_server_dispatches"));
    rules.add(fixed(JETTY + "active-requests", "http_server_active_requests"));
    rules.add(fixed(JETTY + "active-dispatches", "http_server_active_dispatches"));
    rules.add(fixed(JETTY + "active-suspended", "http_server_active_suspended"));
    rules.add(fixed(JETTY + "async-dispatches", "http_server_async_dispatches"));
    rules.add(fixed(JETTY + "async-timeouts", "http_server_async_timeouts"));
    for (String method :
        List.of(
            "get", "post", "put", "delete", "head", "options", "connect", "move", "trace",
            "other")) {
      rules.add(
          fixed(
              JETTY + method + "-requests",
              "http_server_requests_by_method:" + method,
              "method",
              method.toUpperCase(Locale.ROOT)));
    }
    for (int status = 1; status <= 5; status++) {
      String statusClass = status + "xx";
      rules.add(
          fixed(
              JETTY + statusClass + "-responses",
              "http_server_responses:" + statusClass,
              "status_class",
              statusClass));
      for (String window : List.of("1m", "5m", "15m")) {
        rules.add(
            fixed(
                JETTY + "percent-" + statusClass + "-" + window,
                "http_server_responses_ratio:" + statusClass + window,
                "status_class",
                statusClass,
                "window",
                window));
      }
    }
  }

  private static void pool(List<MapperConfig> rules) {
    Map<String, String> names = new LinkedHashMap<>();
    names.put("active", "db_pool_active");
    names.put("idle", "db_pool_idle");
    names.put("size", "db_pool_size");
    names.put("waiting", "db_pool_waiting");
    names.put("borrowed", "db_pool_borrowed");
    names.put("returned", "db_pool_returned");
    names.put("created", "db_pool_opened");
    names.put("released", "db_pool_released");
    names.put("releasedIdle", "db_pool_released_idle");
    names.put("reconnected", "db_pool_reconnected");
    names.put("removeAbandoned", "db_pool_removed_abandoned");
    names.forEach((dw, name) -> rules.add(rule(POOL + dw, name + ":${0}", "pool")));
  }

  private static void threads(List<MapperConfig> rules) {
    Map<String, String> names = new LinkedHashMap<>();
    names.put("utilization", "jetty_threads_utilization");
    names.put("utilization-max", "jetty_threads_utilization_max");
    names.put("size", "jetty_threads");
    names.put("jobs", "jetty_threads_jobs");
    names.put("jobs-queue-utilization", "jetty_threads_jobs_queue_utilization");
    names.forEach((dw, name) -> rules.add(rule(THREADS + dw, name + ":${0}", "pool")));
  }

  /** Dropwizard's instrumented executors and their thread factories. */
  private static void executors(List<MapperConfig> rules) {
    Map<String, String> names = new LinkedHashMap<>();
    names.put("running", "executor_running");
    names.put("submitted", "executor_submitted");
    names.put("completed", "executor_completed");
    names.put("duration", "executor_duration");
    names.put("idle", "executor_idle");
    names.put("created", "executor_threads_started");
    names.put("terminated", "executor_threads_terminated");
    names.put("scheduled.once", "executor_scheduled_once");
    names.put("scheduled.repetitively", "executor_scheduled_repetitively");
    names.put("scheduled.overrun", "executor_scheduled_overrun");
    names.put("scheduled.percent-of-period", "executor_scheduled_period_ratio");
    names.forEach((dw, name) -> rules.add(rule("*." + dw, name + ":${0}", "executor")));
  }

  /** The {@code @Timed} and {@code @ExceptionMetered} metrics of the resources in a package. */
  private static void resources(List<MapperConfig> rules, String resourcePackage) {
    String each = resourcePackage + ".*.*";
    rules.add(rule(each, "http_resource_requests:${0}:${1}", "resource", "method"));
    rules.add(
        rule(each + ".exceptions", "http_resource_exceptions:${0}:${1}", "resource", "method"));
  }
}

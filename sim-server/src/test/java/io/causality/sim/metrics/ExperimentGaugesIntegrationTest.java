package io.causality.sim.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.Await;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.db.RunQueue;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code sim_experiment_tasks} on an instance without experiment workers: an experiment's chunks
 * show as queued and stay so (the "experiments stuck" alert's case), and tasks a worker holds or
 * that wait for a retry show as such. Nothing here takes a task, so every count is exact.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ExperimentGaugesIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("experiments.workers", "0"),
          ConfigOverride.config("monitoring.databaseGaugeInterval", "1 second"));

  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final Duration DEADLINE = Duration.ofSeconds(30);

  @Test
  void queuedRunningAndRetryingExperimentWorkIsCounted() throws Exception {
    assertThat(sample("runs", "queued")).isZero();
    assertThat(sample("aggregate", "queued")).isZero();
    assertThat(sample("runs", "retrying")).isZero();

    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow organization = SimTestFixture.organization(admin, "strategic");
    String writer =
        admin.createApiKey(organization.slug(), "simulation:read,simulation:write").key();
    HttpResponse<String> submitted =
        new SimTestFixture.Client(APP)
            .send(
                new SimTestFixture.Client(APP)
                    .request("/v1/experiments")
                    .header("X-Api-Key", writer)
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"scenarioId\": \"tipping-point\", \"replications\": 4,"
                                + " \"ticks\": 10}")));
    assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
    long chunks = queuedTasks(RunQueue.RUNS_TASK);
    assertThat(chunks).isPositive();
    Await.until(
        "the experiment's chunks counted as queued",
        DEADLINE,
        () -> sample("runs", "queued") == chunks);
    assertThat(sample("runs", "running")).isZero();

    insertTask(RunQueue.RUNS_TASK, "held", true, 0);
    insertTask(RunQueue.RUNS_TASK, "failed-once", false, 2);
    insertTask(RunQueue.AGGREGATE_TASK, "aggregation", false, 0);
    insertTask("another-kind", "ignored", false, 0);
    Await.until(
        "a held task counted as running, a failed one as retrying",
        DEADLINE,
        () -> sample("runs", "running") == 1 && sample("runs", "retrying") == 1);
    assertThat(sample("runs", "queued")).isEqualTo(chunks);
    assertThat(sample("aggregate", "queued")).isEqualTo(1);
    assertThat(prometheus()).doesNotContain("another-kind");
  }

  private static long queuedTasks(String task) {
    return SimTestFixture.jdbi(APP)
        .withHandle(
            handle ->
                handle
                    .createQuery("SELECT COUNT(*) FROM scheduled_tasks WHERE task_name = :task")
                    .bind("task", task)
                    .mapTo(Long.class)
                    .one());
  }

  private static void insertTask(String task, String instance, boolean picked, int failures) {
    SimTestFixture.jdbi(APP)
        .useHandle(
            handle ->
                handle
                    .createUpdate(
                        """
                        INSERT INTO scheduled_tasks
                            (task_name, task_instance, execution_time, picked,
                             consecutive_failures, version)
                        VALUES (:task, :instance, :time, :picked, :failures, 1)
                        """)
                    .bind("task", task)
                    .bind("instance", instance)
                    .bind("time", Instant.now())
                    .bind("picked", picked)
                    .bind("failures", failures)
                    .execute());
  }

  /** One sample of {@code sim_experiment_tasks}, as Prometheus scrapes it (with the token). */
  private static double sample(String task, String state) throws Exception {
    Matcher found =
        Pattern.compile(
                "(?m)^sim_experiment_tasks\\{state=\""
                    + state
                    + "\",task=\""
                    + task
                    + "\"\\} (\\S+)$")
            .matcher(prometheus());
    assertThat(found.find()).as("sim_experiment_tasks{%s,%s}", task, state).isTrue();
    return Double.parseDouble(found.group(1));
  }

  private static String prometheus() throws Exception {
    String token =
        Files.readString(Path.of(APP.getConfiguration().getAdmin().getTokenFile())).strip();
    HttpResponse<String> answer =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + APP.getAdminPort() + "/prometheus"))
                .header("Authorization", "Bearer " + token)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).isEqualTo(200);
    return answer.body();
  }
}

package io.causality.hitl.coordinator.webhooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.schedule.PeriodicTask;
import io.causality.hitl.coordinator.config.WebhookEndpointConfig;
import io.causality.hitl.coordinator.config.WebhooksConfig;
import io.causality.hitl.coordinator.core.WebhookOutbox;
import io.causality.hitl.coordinator.core.WebhookOutbox.Claimed;
import io.causality.hitl.coordinator.core.WebhookOutbox.Result;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.dropwizard.lifecycle.Managed;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Works off the webhook outbox: one thread polls every {@code pollInterval} for due deliveries of
 * the configured endpoints, claims up to {@value #BATCH} under a lease, POSTs them at once (each
 * bounded by {@code timeout}) and records the outcomes together: a 2xx answer delivers; anything
 * else, a timeout or a refused connection is tried again after {@link Backoff}, until {@code
 * maxAttempts} attempts have failed and the row is kept as FAILED. A kill between the POST and the
 * record leaves the row leased; when the lease ends it is delivered again (at least once).
 */
public final class WebhookDeliverer implements Managed {
  static final int BATCH = 50;
  private static final Logger LOG = LoggerFactory.getLogger(WebhookDeliverer.class);
  private static final ObjectMapper JSON = ProtocolJson.newMapper();

  private final WebhookOutbox outbox;
  private final Map<String, WebhookEndpointConfig> endpoints;
  private final WebhooksConfig config;
  private final Clock clock;
  private final Backoff backoff;
  private final WebhookMetrics metrics;
  private final HttpClient http;
  private final PeriodicTask poller;

  public WebhookDeliverer(
      WebhookOutbox outbox,
      WebhooksConfig config,
      Clock clock,
      Backoff backoff,
      WebhookMetrics metrics) {
    this.outbox = Objects.requireNonNull(outbox, "outbox");
    this.config = Objects.requireNonNull(config, "config");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.backoff = Objects.requireNonNull(backoff, "backoff");
    this.metrics = Objects.requireNonNull(metrics, "metrics");
    this.endpoints =
        config.getEndpoints().stream()
            .collect(Collectors.toMap(WebhookEndpointConfig::name, Function.identity()));
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout())
            // a redirect could lead to a host that allowedHosts does not list
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    // At stop, a batch in flight ends within its timeout; what is not recorded is delivered again
    // later. A failed poll (the database briefly away) is logged; the next tries again, and
    // nothing is lost.
    this.poller =
        new PeriodicTask(
            "webhook-deliverer",
            WebhookDeliverer.class,
            Duration.ZERO,
            config.getPollInterval().toJavaDuration(),
            timeout().plusSeconds(1),
            this::deliverDue);
  }

  /**
   * How long a claim holds: one attempt's timeout and room to record it. A deliverer that dies
   * holding claims delays those deliveries by at most this long.
   */
  public Duration lease() {
    return timeout().plusSeconds(10);
  }

  @Override
  public void start() {
    poller.start();
    LOG.info("Webhooks: delivering audit events to {}", endpoints.keySet());
  }

  @Override
  public void stop() throws InterruptedException {
    poller.stop();
  }

  /** Delivers everything due now, batch after batch; the number of deliveries attempted. */
  public int deliverDue() {
    int attempted = 0;
    int batch;
    do {
      batch = deliverBatch();
      attempted += batch;
    } while (batch == BATCH && !poller.isStopping());
    return attempted;
  }

  private int deliverBatch() {
    Instant now = clock.instant();
    List<Claimed> claimed =
        outbox.claimDue(List.copyOf(endpoints.keySet()), now, now.plus(lease()), BATCH);
    List<CompletableFuture<Outcome>> sent = claimed.stream().map(this::send).toList();
    List<Result> results = new ArrayList<>();
    for (int i = 0; i < claimed.size(); i++) {
      results.add(result(claimed.get(i), sent.get(i).join()));
    }
    List<Boolean> recorded = outbox.record(results);
    for (int i = 0; i < results.size(); i++) {
      if (recorded.get(i)) {
        report(results.get(i));
      }
    }
    return claimed.size();
  }

  private CompletableFuture<Outcome> send(Claimed claimed) {
    WebhookEndpointConfig endpoint = endpoints.get(claimed.endpoint());
    byte[] body = body(claimed);
    long timestamp = clock.instant().getEpochSecond();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(endpoint.url()))
            .timeout(timeout())
            .header("Content-Type", "application/json")
            .header("User-Agent", "hitl-coordinator-webhooks")
            .header("X-Causality-Event-Id", claimed.deliveryId())
            .header("X-Causality-Event-Type", claimed.type())
            .header("X-Causality-Delivery-Attempt", Integer.toString(claimed.attemptsBefore() + 1))
            .header("X-Causality-Timestamp", Long.toString(timestamp))
            .header(
                "X-Causality-Signature",
                WebhookSignature.header(endpoint.secret(), timestamp, body))
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    return http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
        .handle((response, failure) -> Outcome.of(response, failure));
  }

  /** Delivered; or tried again after the backoff; or, after the last attempt, failed. */
  private Result result(Claimed claimed, Outcome outcome) {
    Instant now = clock.instant();
    if (outcome.success()) {
      return Result.delivered(claimed, now);
    }
    int failedAttempts = claimed.attemptsBefore() + 1;
    if (failedAttempts >= config.getMaxAttempts()) {
      return Result.failed(claimed, outcome.error());
    }
    return Result.retryAt(claimed, now.plus(backoff.delay(failedAttempts)), outcome.error());
  }

  private void report(Result result) {
    Claimed claimed = result.claimed();
    int attempt = claimed.attemptsBefore() + 1;
    switch (result.kind()) {
      case DELIVERED -> metrics.delivered(Duration.between(claimed.at(), result.at()));
      case FAILED -> {
        metrics.failedForGood();
        LOG.warn(
            "Webhook {}: gave up on event {} after {} attempts (last: {})",
            claimed.endpoint(),
            claimed.deliveryId(),
            attempt,
            result.error());
      }
      case RETRY -> {
        metrics.failedAttempt();
        LOG.info(
            "Webhook {}: attempt {} for event {} failed ({}); next at {}",
            claimed.endpoint(),
            attempt,
            claimed.deliveryId(),
            result.error(),
            result.at());
      }
    }
  }

  private static byte[] body(Claimed claimed) {
    try {
      return JSON.writeValueAsBytes(claimed.body());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("an audit event did not serialize", e);
    }
  }

  private Duration timeout() {
    return Duration.ofMillis(config.getTimeout().toMilliseconds());
  }
}

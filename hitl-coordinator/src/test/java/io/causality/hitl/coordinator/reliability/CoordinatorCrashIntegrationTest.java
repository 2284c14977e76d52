package io.causality.hitl.coordinator.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.Await;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.common.testing.KillDuringWrites;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.OverrideBodies;
import io.causality.hitl.coordinator.webhooks.LoopbackReceiver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Crash safety of the coordinator: concurrent writers submit requests, approve or deny them and
 * redeem the tokens, while the process is killed with SIGKILL at a few points. After every restart
 * on the same files: each acknowledged submission, decision and redemption is there; the write a
 * kill interrupted is wholly there or wholly absent; a retried submission is either new or
 * deduplicated, never doubled; no request is APPROVED without its token; the audit trail matches
 * every status; and each token is redeemed at most once across the crashes (one acknowledged
 * ACCEPTED before a kill answers REPLAY_DETECTED afterwards). A webhook receiver on loopback counts
 * deliveries by event id: after the last restart every audit event in the database has reached it
 * at least once, signed, and nothing reached it that the database does not hold.
 */
class CoordinatorCrashIntegrationTest {
  private static final int WRITERS = 4;
  private static final int[] KILL_AFTER_ACKS = {20, 50, 30};
  private static final Set<String> WITH_TOKEN = Set.of("APPROVED", "REDEEMED");
  private static final String WEBHOOK_SECRET = "crash-test-webhook-secret-0123";
  private static final String HOOK = "/hook";

  private final List<Life> lives = Collections.synchronizedList(new ArrayList<>());
  private final List<String> unexpected = Collections.synchronizedList(new ArrayList<>());
  private CoordinatorHttp http;
  private int interrupted;

  @Test
  void everyAcknowledgedWriteSurvivesSigkillAndNoTokenRedeemsTwice() throws Exception {
    try (CoordinatorProcess coordinator = CoordinatorProcess.deploy();
        LoopbackReceiver receiver = LoopbackReceiver.start()) {
      coordinator.withConfigAppended(webhooks(receiver));
      http =
          CoordinatorHttp.callers(
              coordinator.port(), coordinator.token("runtime"), coordinator.token("operator-1"));
      for (int cycle = 0; cycle < KILL_AFTER_ACKS.length; cycle++) {
        coordinator.start();
        verifyAfterRestart();
        writeUntilKilled(coordinator, KILL_AFTER_ACKS[cycle], cycle);
      }
      coordinator.start();
      verifyAfterRestart();
      assertThat(unexpected).as("unexpected answers before the kill").isEmpty();
      assertThat(lives).allSatisfy(life -> assertThat(life.accepted).isLessThanOrEqualTo(1));
      assertThat(interrupted).as("writes the kills interrupted").isPositive();
      assertEveryEventDelivered(receiver);
    }
  }

  // ---- the webhook

  /** Every audit event to the receiver; a claim held by a killed process ends after 11 s. */
  private static String webhooks(LoopbackReceiver receiver) {
    return String.join(
        "\n",
        "webhooks:",
        "  allowedHosts: [127.0.0.1]",
        "  pollInterval: 50 milliseconds",
        "  timeout: 1 second",
        "  initialBackoff: 100 milliseconds",
        "  maxBackoff: 1 second",
        "  maxAttempts: 100",
        "  endpoints:",
        "    - name: crash-receiver",
        "      url: " + receiver.url(HOOK),
        "      secret: " + WEBHOOK_SECRET,
        "");
  }

  private void assertEveryEventDelivered(LoopbackReceiver receiver) {
    Set<String> stored = storedEventIds();
    boolean all =
        Await.holds(Duration.ofSeconds(60), () -> deliveredIds(receiver).containsAll(stored));
    Set<String> missing = new HashSet<>(stored);
    missing.removeAll(deliveredIds(receiver));
    assertThat(all).as("audit events never delivered: " + missing).isTrue();
    assertThat(stored)
        .as("events delivered that the database does not hold")
        .containsAll(deliveredIds(receiver));
    assertThat(receiver.to(HOOK)).allMatch(d -> d.verifies(WEBHOOK_SECRET));
  }

  private static Set<String> deliveredIds(LoopbackReceiver receiver) {
    return receiver.eventsTo(HOOK).stream()
        .map(LoopbackReceiver.Delivery::eventId)
        .collect(Collectors.toSet());
  }

  private Set<String> storedEventIds() {
    Set<String> ids = new HashSet<>();
    for (int offset = 0; ; offset += 500) {
      JsonNode page = http.get("/v1/audit-events?limit=500&offset=" + offset).body();
      page.get("data").forEach(e -> ids.add(e.get("id").asText()));
      if (offset + 500 >= page.get("pagination").get("total").asLong()) {
        return ids;
      }
    }
  }

  // ---- the writers

  private void writeUntilKilled(CoordinatorProcess coordinator, int acks, int cycle)
      throws InterruptedException {
    KillDuringWrites.cycle(
        WRITERS, 17L * cycle, acks, this::write, coordinator::kill, coordinator::tail);
  }

  /** One writer: submit, then deny (one in five) or approve, then redeem (two in three). */
  private void write(Random random, AtomicInteger acknowledged, AtomicBoolean stop) {
    try {
      while (!stop.get()) {
        Life life = new Life("actor-" + UUID.randomUUID());
        lives.add(life);
        life.pending = "submit";
        life.id =
            expect(http.post("/v1/override-requests", life.submission), 201)
                .body()
                .get("coordinatorRequestId")
                .asText();
        acknowledged.incrementAndGet();
        if (random.nextInt(5) == 0) {
          life.pending = "deny";
          expect(http.post(path(life, "/deny"), OverrideBodies.deny("ops-1", "no")), 200);
          life.denied = true;
        } else {
          life.pending = "approve";
          life.token =
              expect(http.post(path(life, "/approve"), OverrideBodies.approve("ops-1")), 200)
                  .body();
          acknowledged.incrementAndGet();
          if (random.nextInt(3) != 0) {
            life.pending = "redeem";
            assertRedeemed(life, expect(redeem(life), 200), "ACCEPTED");
            life.redeemed = true;
          }
        }
        life.pending = null;
        acknowledged.incrementAndGet();
      }
    } catch (UncheckedIOException e) {
      // the server is gone: the life's pending write has an unknown outcome
    } catch (IllegalStateException e) {
      unexpected.add(e.getMessage());
    }
  }

  private Answer expect(Answer answer, int status) {
    if (answer.status() != status) {
      throw new IllegalStateException(answer.status() + " " + answer.text());
    }
    return answer;
  }

  // ---- the checks after a restart

  private void verifyAfterRestart() throws Exception {
    List<Life> all;
    synchronized (lives) {
      all = new ArrayList<>(lives);
    }
    for (Life life : all) {
      if (life.pending != null) {
        interrupted++;
      }
      if (life.id == null) {
        resubmit(life);
      }
      JsonNode request = assertConsistent(life.id);
      if (!life.settled) {
        settle(life, request.get("status").asText());
      }
      assertFinal(life);
    }
    List<String> actors = new ArrayList<>();
    boolean more = true;
    while (more) { // the list comes a page at a time
      JsonNode page = http.get("/v1/override-requests?limit=100&offset=" + actors.size()).body();
      page.get("data").forEach(r -> actors.add(r.get("actorId").asText()));
      more = !page.get("data").isEmpty() && actors.size() < page.at("/pagination/total").asLong();
    }
    assertThat(actors)
        .as("one request per submitting writer, none doubled")
        .hasSize(all.size())
        .doesNotHaveDuplicates();
  }

  /**
   * The submission the kill interrupted, sent again: new (the first never committed) or
   * DEDUPLICATED naming the first (it committed, and is PENDING with its SUBMITTED event).
   */
  private void resubmit(Life life) {
    Answer answer = http.post("/v1/override-requests", life.submission);
    if (answer.status() == 409) {
      assertThat(answer.errorCode()).isEqualTo("DEDUPLICATED");
    } else {
      assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    }
    life.id = answer.body().get("coordinatorRequestId").asText();
    life.pending = null;
  }

  /** The request's token and audit trail agree with its status, whatever happened. */
  private JsonNode assertConsistent(String id) {
    Answer answer = http.get("/v1/override-requests/" + id);
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    JsonNode request = answer.body();
    String status = request.get("status").asText();
    List<String> events = new ArrayList<>();
    request.get("audit").forEach(e -> events.add(e.get("eventType").asText()));
    Set<String> expected = new HashSet<>(Set.of("SUBMITTED"));
    if (WITH_TOKEN.contains(status)) {
      expected.add("APPROVED");
    }
    if (!status.equals("PENDING") && !status.equals("APPROVED")) {
      expected.add(status);
    }
    assertThat(events)
        .as("audit of " + id + " (" + status + ")")
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(request.get("tokenId").isNull())
        .as("token of " + id + " (" + status + ")")
        .isEqualTo(!WITH_TOKEN.contains(status));
    return request;
  }

  /**
   * The status is the acknowledged one or, for the write in flight, the one it would give; then the
   * life is finished: decided if pending, every token held redeemed exactly once.
   */
  private void settle(Life life, String status) {
    assertThat(status)
        .as(
            "status of "
                + life.id
                + " after "
                + life.acknowledged()
                + ", in flight: "
                + life.pending)
        .isIn(life.possibleStatuses());
    if (status.equals("PENDING")) {
      finishPending(life);
    } else if (life.token != null) {
      Answer first = redeem(life);
      boolean redeemedBefore = life.redeemed || status.equals("REDEEMED");
      assertRedeemed(life, first, redeemedBefore ? "REPLAY_DETECTED" : "ACCEPTED");
      life.redeemed = true;
    } else if (status.equals("APPROVED")) {
      life.lostApproval = true; // approved, but the answer with the token never arrived
    } else if (status.equals("DENIED")) {
      life.denied = true; // denied, but the answer never arrived
    }
    life.pending = null;
    life.settled = true;
  }

  /** A request nothing decided yet can be approved and its token redeemed after the restart. */
  private void finishPending(Life life) {
    Answer approved = http.post(path(life, "/approve"), OverrideBodies.approve("ops-1"));
    assertThat(approved.status()).as(approved.text()).isEqualTo(200);
    life.token = approved.body();
    assertRedeemed(life, redeem(life), "ACCEPTED");
    life.redeemed = true;
  }

  /** A settled life keeps its outcome; a token once redeemed only ever replays. */
  private void assertFinal(Life life) {
    String status = http.get("/v1/override-requests/" + life.id).body().get("status").asText();
    if (life.redeemed) {
      assertThat(status).isEqualTo("REDEEMED");
      assertRedeemed(life, redeem(life), "REPLAY_DETECTED");
    } else {
      assertThat(status).isEqualTo(life.denied ? "DENIED" : "APPROVED");
    }
  }

  private void assertRedeemed(Life life, Answer answer, String outcome) {
    if (answer.status() != 200 || !outcome.equals(answer.body().path("status").asText())) {
      throw new IllegalStateException(
          "redeem of "
              + life.id
              + ": expected "
              + outcome
              + ", got "
              + answer.status()
              + " "
              + answer.text());
    }
    if (outcome.equals("ACCEPTED")) {
      life.accepted++;
    }
  }

  private Answer redeem(Life life) {
    JsonNode payload;
    try {
      payload = CoordinatorHttp.JSON.readTree(life.token.get("payload").asText());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    ObjectNode body =
        CoordinatorHttp.JSON
            .createObjectNode()
            .put("tokenId", life.token.get("tokenId").asText())
            .put("requestHash", payload.get("requestHash").asText())
            .put("policyVersion", payload.get("policyVersion").asLong())
            .put("licenseId", payload.get("licenseId").asText())
            .put("actorId", payload.get("actorId").asText());
    return http.post("/v1/override-tokens/redeem", body);
  }

  private static String path(Life life, String action) {
    return "/v1/override-requests/" + life.id + action;
  }

  /** One request's life as its writer saw it: what was acknowledged, what was in flight. */
  private static final class Life {
    private static final Map<String, Function<Life, Set<String>>> IN_FLIGHT =
        Map.of(
            "deny", life -> Set.of("PENDING", "DENIED"),
            "approve", life -> Set.of("PENDING", "APPROVED"),
            "redeem", life -> Set.of("APPROVED", "REDEEMED"));

    final ObjectNode submission;
    volatile String id;
    volatile String pending;
    volatile JsonNode token;
    volatile boolean denied;
    volatile boolean redeemed;
    boolean lostApproval;
    boolean settled;
    int accepted;

    Life(String actor) {
      submission = OverrideBodies.submission(actor);
    }

    Set<String> possibleStatuses() {
      if (pending != null && IN_FLIGHT.containsKey(pending)) {
        return IN_FLIGHT.get(pending).apply(this);
      }
      return Set.of(
          redeemed ? "REDEEMED" : denied ? "DENIED" : token != null ? "APPROVED" : "PENDING");
    }

    String acknowledged() {
      return Stream.of(
              id == null ? "" : "submit",
              token == null ? "" : "approve",
              denied ? "deny" : "",
              redeemed ? "redeem" : "")
          .filter(s -> !s.isEmpty())
          .collect(Collectors.joining(","));
    }
  }
}

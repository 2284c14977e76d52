package io.causality.sim.experiments;

import static io.causality.sim.experiments.ExperimentsFixture.GRID;
import static io.causality.sim.experiments.ExperimentsFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The experiments' endpoints end to end on one instance: success and each error. */
@ExtendWith(DropwizardExtensionsSupport.class)
class ExperimentsIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("experiments.workers", "2"),
          ConfigOverride.config("experiments.pollInterval", "50 milliseconds"));

  static OrganizationRow acme;
  static String writer;
  static String reader;
  static OrganizationAdmin admin;

  private final ExperimentsFixture api = new ExperimentsFixture(APP);

  @BeforeAll
  static void callers() {
    admin = SimTestFixture.admin(APP);
    acme = SimTestFixture.organization(admin, "professional");
    writer = admin.createApiKey(acme.slug(), "simulation:read,simulation:write").key();
    reader = admin.createApiKey(acme.slug(), "simulation:read").key();
  }

  @Test
  void aGridRunsToCompletionWithItsRunsAndAggregates() throws Exception {
    HttpResponse<String> accepted = api.post("/v1/experiments", writer, GRID);
    JsonNode experiment = json(accepted, 202);
    String id = experiment.get("id").asText();
    assertThat(accepted.headers().firstValue("Location").orElseThrow())
        .endsWith("/v1/experiments/" + id);
    assertThat(experiment.get("status").asText()).isEqualTo("queued");
    assertThat(experiment.get("progress").get("total").asInt()).isEqualTo(12);

    JsonNode finished = api.awaitFinished(writer, id);
    assertThat(finished.get("status").asText()).as(finished.toString()).isEqualTo("completed");
    assertThat(finished.get("progress").get("done").asInt()).isEqualTo(12);

    JsonNode runs = json(api.get("/v1/experiments/" + id + "/runs?limit=200", reader), 200);
    assertThat(runs.get("data")).hasSize(12);
    assertThat(runs.get("pagination").get("total").asInt()).isEqualTo(12);
    JsonNode first = runs.get("data").get(0);
    assertThat(first.get("parameters").toString())
        .isEqualTo("{\"agents[*].policy.lambda\":0.5,\"attractors[core].strength\":2}");
    assertThat(first.get("seed").asLong()).isEqualTo(11);

    JsonNode aggregates = json(api.get("/v1/experiments/" + id + "/aggregates", reader), 200);
    assertThat(aggregates.get("percentiles").asText()).isEqualTo("exact");
    assertThat(aggregates.get("data")).hasSize(4);
    assertThat(aggregates.get("data").get(0).get("series").get("b").get("ticks").toString())
        .isEqualTo("[0,10,20,30,39]");
  }
}

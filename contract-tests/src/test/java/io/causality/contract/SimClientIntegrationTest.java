package io.causality.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.DeserializationFeature;
import io.causality.contract.sim.api.EvaluationsApi;
import io.causality.contract.sim.api.HealthApi;
import io.causality.contract.sim.api.OrganizationsApi;
import io.causality.contract.sim.api.ScenariosApi;
import io.causality.contract.sim.api.SimulationsApi;
import io.causality.contract.sim.invoker.ApiClient;
import io.causality.contract.sim.invoker.ApiException;
import io.causality.contract.sim.model.AgentPolicyChange;
import io.causality.contract.sim.model.AgentPolicyRequest;
import io.causality.contract.sim.model.CreateSimulationRequest;
import io.causality.contract.sim.model.Decree;
import io.causality.contract.sim.model.DecreeRequest;
import io.causality.contract.sim.model.DecreeType;
import io.causality.contract.sim.model.DomainId;
import io.causality.contract.sim.model.DomainInput;
import io.causality.contract.sim.model.EpidemicInput;
import io.causality.contract.sim.model.ErrorEnvelope;
import io.causality.contract.sim.model.FromDomainRequest;
import io.causality.contract.sim.model.InlineScenario;
import io.causality.contract.sim.model.Region;
import io.causality.contract.sim.model.RunResponse;
import io.causality.contract.sim.model.RunSimulationRequest;
import io.causality.contract.sim.model.Scenario;
import io.causality.contract.sim.model.SimulationCreated;
import io.causality.contract.sim.model.SimulationStatus;
import io.causality.contract.sim.model.SortOrder;
import io.causality.contract.sim.model.StepRequest;
import io.causality.contract.sim.model.StepResponse;
import io.causality.contract.sim.model.TimeControlRequest;
import io.causality.contract.sim.model.Trace;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Java client generated from sim-server's document (openapi-generator, spec validation on)
 * drives the service's main flows against the running jar and reads every answer as typed objects.
 * The client's mapper refuses unknown members, so an answer the document does not describe fails.
 */
class SimClientIntegrationTest {
  private static SimJar sim;
  private static ApiClient client;
  private static UUID organization;

  @BeforeAll
  static void start() {
    sim = SimJar.start();
    String[] created = sim.organizationWithKey("contract", "strategic");
    organization = UUID.fromString(created[0]);
    client = new ApiClient();
    client.updateBaseUri(sim.baseUrl());
    client.setRequestInterceptor(request -> request.header("X-Api-Key", created[1]));
    client.getObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  private static SimulationsApi simulations() {
    return new SimulationsApi(client);
  }

  @Test
  void scenariosAreListedAndReadInFull() throws ApiException {
    ScenariosApi scenarios = new ScenariosApi(client);
    String first = scenarios.listScenarios(null).getData().get(0).getId();
    Scenario scenario = scenarios.getScenario(first, null);
    assertThat(scenario.getId()).isEqualTo(first);
    assertThat(scenario.getAgents()).isNotEmpty();
    assertThat(scenario.getInitialState().getGrid().getWidth()).isPositive();
  }

  @Test
  void aSimulationIsCreatedSteppedAndReadWithItsDecreesPropheciesAndTrace() throws ApiException {
    SimulationCreated created =
        simulations()
            .createSimulation(
                new CreateSimulationRequest().scenarioId("stable-basins"), null, "create-1");
    assertThat(created.getStatus()).isEqualTo(SimulationStatus.CREATED);
    assertThat(created.getState().getTick()).isEqualTo(-1L);
    UUID id = created.getId();
    Decree decree =
        simulations()
            .submitDecree(
                id,
                new DecreeRequest().type(DecreeType.SHOCK).payload(Map.of("magnitude", 3)),
                null,
                null);
    assertThat(decree.getTick()).isZero();
    StepResponse step = simulations().stepSimulation(id, new StepRequest().ticks(120), null, null);
    assertThat(step.getTicks()).isEqualTo(120);
    assertThat(step.getState().getTick()).isEqualTo(119L);
    assertThat(simulations().getSimulation(id, null).getTicks()).isEqualTo(120L);
    assertThat(simulations().listSimulations(null, null, 50, 0, null).getData())
        .anyMatch(s -> s.getId().equals(id));
    assertThat(simulations().listDecrees(id, 50, 0, SortOrder.ASC, null).getData()).hasSize(1);
    assertThat(simulations().listProphecies(id, 50, 0, SortOrder.DESC, null).getData())
        .first()
        .satisfies(p -> assertThat(p.getData().getHorizon()).isPositive());
    Trace trace = simulations().getTrace(id, 0, 2, null, null);
    assertThat(trace.getSteps()).hasSize(3);
    assertThat(trace.getMetadata().getScenarioId()).isEqualTo("stable-basins");
  }

  @Test
  void anInlineScenarioHasNoScenarioId() throws ApiException {
    Scenario prebuilt = new ScenariosApi(client).getScenario("stable-basins", null);
    InlineScenario inline =
        new InlineScenario()
            .seed(prebuilt.getSeed())
            .initialState(prebuilt.getInitialState())
            .agents(prebuilt.getAgents());
    SimulationCreated created =
        simulations().createSimulation(new CreateSimulationRequest().scenario(inline), null, null);
    assertThat(created.getScenarioId()).isNull();
    assertThat(simulations().getSimulation(created.getId(), null).getScenarioId()).isNull();
  }

  @Test
  void aDomainSimulationIsCreatedAndItsPolicyAndPlaybackChanged() throws ApiException {
    DomainInput input =
        new DomainInput(
            new EpidemicInput()
                .transmissibility(0.4)
                .recovery(0.2)
                .regions(List.of(new Region().name("north").population(20).infected(3))));
    SimulationCreated created =
        simulations()
            .createSimulationFromDomain(
                new FromDomainRequest().domain(DomainId.EPIDEMIC).input(input), null, null);
    UUID id = created.getId();
    assertThat(
            simulations()
                .updateAgentPolicy(
                    id,
                    new AgentPolicyRequest()
                        .agentId("north-0")
                        .policy(new AgentPolicyChange().gamma(0.5)),
                    null)
                .getOk())
        .isTrue();
    assertThat(
            simulations()
                .controlTime(
                    id, new TimeControlRequest().action(TimeControlRequest.ActionEnum.STEP), null)
                .getOk())
        .isTrue();
  }

  @Test
  void createAndRunAnswersTheTrace() throws ApiException {
    RunResponse run =
        simulations()
            .runSimulation(
                new RunSimulationRequest().scenarioId("stable-basins").ticks(5), null, null, null);
    assertThat(run.getTrace().getSteps()).hasSize(5);
    assertThat(run.getTrace().getInitialState().getAgents()).isNotEmpty();
  }

  @Test
  void organizationsUsageAndLicenseAreTyped() throws ApiException {
    OrganizationsApi organizations = new OrganizationsApi(client);
    assertThat(organizations.listOrganizations(null).getData())
        .singleElement()
        .satisfies(o -> assertThat(o.getAvatarUrl()).isNull());
    assertThat(organizations.getOrganization(organization, null).getSlug()).isEqualTo("contract");
    assertThat(organizations.getLicense(organization, null).getTier().getValue())
        .isEqualTo("strategic");
    assertThat(organizations.getUsageSummary(organization, null).getLimits()).isNotNull();
    assertThat(organizations.getUsageHistory(organization, 3, null).getData()).hasSize(3);
  }

  @Test
  void healthIsTyped() throws ApiException {
    assertThat(new HealthApi(client).getHealth(null).getStatus().getValue()).isEqualTo("UP");
    assertThat(new HealthApi(client).getLiveness(null).getService()).isEqualTo("sim-server");
  }

  @Test
  void errorsAreTheTypedEnvelope() throws Exception {
    ApiException missing =
        catchThrowableOfType(
            ApiException.class, () -> simulations().getSimulation(UUID.randomUUID(), null));
    assertThat(missing.getCode()).isEqualTo(404);
    ErrorEnvelope notFound =
        client.getObjectMapper().readValue(missing.getResponseBody(), ErrorEnvelope.class);
    assertThat(notFound.getError().getCode()).isEqualTo("NOT_FOUND");
    ApiException invalid =
        catchThrowableOfType(
            ApiException.class,
            () -> simulations().createSimulation(new CreateSimulationRequest(), null, null));
    ErrorEnvelope validation =
        client.getObjectMapper().readValue(invalid.getResponseBody(), ErrorEnvelope.class);
    assertThat(validation.getError().getDetails().getIssues()).isNotEmpty();
    ApiException disabled =
        catchThrowableOfType(
            ApiException.class, () -> new EvaluationsApi(client).evaluate(Map.of(), null, null));
    assertThat(disabled.getCode()).isEqualTo(503);
    assertThat(
            client
                .getObjectMapper()
                .readValue(disabled.getResponseBody(), ErrorEnvelope.class)
                .getError()
                .getCode())
        .isEqualTo("EVALUATION_DISABLED");
  }
}

package io.causality.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.launchdarkly.eventsource.MessageEvent;
import io.causality.contract.sim.api.EvaluationsApi;
import io.causality.contract.sim.api.ExperimentsApi;
import io.causality.contract.sim.api.HealthApi;
import io.causality.contract.sim.api.OrganizationsApi;
import io.causality.contract.sim.api.ScenariosApi;
import io.causality.contract.sim.api.SimulationsApi;
import io.causality.contract.sim.invoker.ApiClient;
import io.causality.contract.sim.invoker.ApiException;
import io.causality.contract.sim.model.AgentPolicyChange;
import io.causality.contract.sim.model.AgentPolicyRequest;
import io.causality.contract.sim.model.AgentSelection;
import io.causality.contract.sim.model.ApiError;
import io.causality.contract.sim.model.Caller;
import io.causality.contract.sim.model.Decree;
import io.causality.contract.sim.model.DecreeEvent;
import io.causality.contract.sim.model.DecreeRequest;
import io.causality.contract.sim.model.DecreeType;
import io.causality.contract.sim.model.DomainId;
import io.causality.contract.sim.model.DomainInput;
import io.causality.contract.sim.model.EpidemicInput;
import io.causality.contract.sim.model.ErrorEnvelope;
import io.causality.contract.sim.model.EventLog;
import io.causality.contract.sim.model.Experiment;
import io.causality.contract.sim.model.ExperimentDryRun;
import io.causality.contract.sim.model.ExperimentProgress;
import io.causality.contract.sim.model.ExperimentRequest;
import io.causality.contract.sim.model.ExperimentRun;
import io.causality.contract.sim.model.ExperimentStatus;
import io.causality.contract.sim.model.ExperimentStatusEvent;
import io.causality.contract.sim.model.FromDomainRequest;
import io.causality.contract.sim.model.InitialState;
import io.causality.contract.sim.model.InlineScenario;
import io.causality.contract.sim.model.InputPhase;
import io.causality.contract.sim.model.LoggedEvent;
import io.causality.contract.sim.model.LossEvent;
import io.causality.contract.sim.model.Membership;
import io.causality.contract.sim.model.NewSimulation;
import io.causality.contract.sim.model.NewSimulationRun;
import io.causality.contract.sim.model.NotFoundError;
import io.causality.contract.sim.model.ParadoxEvent;
import io.causality.contract.sim.model.PlainError;
import io.causality.contract.sim.model.PolicyEvent;
import io.causality.contract.sim.model.ProphecyData;
import io.causality.contract.sim.model.Region;
import io.causality.contract.sim.model.RunResponse;
import io.causality.contract.sim.model.Scenario;
import io.causality.contract.sim.model.Simulation;
import io.causality.contract.sim.model.SimulationCreated;
import io.causality.contract.sim.model.SimulationNotes;
import io.causality.contract.sim.model.SimulationSort;
import io.causality.contract.sim.model.SimulationStatus;
import io.causality.contract.sim.model.SortOrder;
import io.causality.contract.sim.model.StatusEvent;
import io.causality.contract.sim.model.Step;
import io.causality.contract.sim.model.StepRequest;
import io.causality.contract.sim.model.StepResponse;
import io.causality.contract.sim.model.StepWarning;
import io.causality.contract.sim.model.StreamError;
import io.causality.contract.sim.model.TickEvent;
import io.causality.contract.sim.model.TimeControlRequest;
import io.causality.contract.sim.model.Trace;
import io.causality.contract.sim.model.TraceMetadata;
import io.causality.contract.sim.model.ValidationError;
import io.causality.contract.sim.model.ValidationIssue;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Java client generated from sim-server's document (openapi-generator, spec validation on)
 * drives every flow of the service against the running jar and reads every answer as typed objects,
 * the streams included: the trace's NDJSON line by line through its own operation, the event stream
 * through a standard SSE client with each event's data read as the document's type. The client's
 * mapper refuses unknown members ({@code setObjectMapper}: {@code getObjectMapper} answers a copy),
 * so an answer the document does not describe fails ({@link StrictParsingIntegrationTest} shows it
 * does).
 */
class SimClientIntegrationTest {
  private static SimJar sim;
  private static ApiClient client;
  private static ObjectMapper strict;
  private static UUID organization;
  private static String key;

  @BeforeAll
  static void start() {
    sim = SimJar.start();
    String[] created = sim.organizationWithKey("contract", "strategic");
    organization = UUID.fromString(created[0]);
    key = created[1];
    strict =
        ApiClient.createDefaultObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    client = new ApiClient();
    client.updateBaseUri(sim.baseUrl());
    client.setRequestInterceptor(request -> request.header("X-Api-Key", key));
    client.setObjectMapper(strict);
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  private static SimulationsApi simulations() {
    return new SimulationsApi(client);
  }

  private static SimulationCreated created(String scenarioId) throws ApiException {
    return simulations().createSimulation(new NewSimulation().scenarioId(scenarioId), null, null);
  }

  @Test
  void theClientReadsWithTheStrictMapper() {
    assertThat(
            client.getObjectMapper().isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES))
        .isTrue();
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
  void aSimulationIsCreatedSteppedAndReadWithItsDecreesPropheciesAndTrace() throws Exception {
    SimulationCreated created = created("stable-basins");
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
    assertThat(step.getState().getGrid().getWidth()).isEqualTo(100);
    assertThat(simulations().getSimulation(id, null).getTicks()).isEqualTo(120L);
    assertThat(
            simulations()
                .listSimulations(
                    null,
                    SimulationStatus.PAUSED,
                    SimulationSort.CREATED_AT,
                    SortOrder.DESC,
                    50,
                    0L,
                    null)
                .getData())
        .anyMatch(s -> s.getId().equals(id));
    assertThat(simulations().listDecrees(id, 50, 0L, SortOrder.ASC, null).getData()).hasSize(1);
    assertThat(simulations().listProphecies(id, 50, 0L, SortOrder.DESC, null).getData())
        .first()
        .satisfies(p -> assertThat(p.getData().getHorizon()).isPositive());
    Trace trace = simulations().getTrace(id, 0, 2, AgentSelection.ALL, null);
    assertThat(trace.getSteps()).hasSize(3);
    assertThat(trace.getMetadata().getScenarioId()).isEqualTo("stable-basins");
  }

  @Test
  void theTraceStreamsAsNdjsonReadLineByLine() throws Exception {
    UUID id = created("stable-basins").getId();
    simulations().stepSimulation(id, new StepRequest().ticks(30), null, null);
    File lines = simulations().getTraceNdjson(id, 5, 9, null, null);
    List<String> read = Files.readAllLines(lines.toPath());
    assertThat(read).hasSize(7);
    assertThat(line(read.get(0), "metadata", TraceMetadata.class).getScenarioId())
        .isEqualTo("stable-basins");
    assertThat(line(read.get(1), "initialState", InitialState.class).getAgents()).hasSize(30);
    List<Long> ticks = new ArrayList<>();
    for (String step : read.subList(2, read.size())) {
      ticks.add(strict.readValue(step, Step.class).getTick());
    }
    assertThat(ticks).containsExactly(5L, 6L, 7L, 8L, 9L);
  }

  /** A header line of the NDJSON trace: one member, read as the document's type. */
  private static <T> T line(String text, String member, Class<T> type) throws IOException {
    JsonNode tree = strict.readTree(text);
    assertThat(tree.size()).isEqualTo(1);
    return strict.treeToValue(tree.get(member), type);
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
        simulations().createSimulation(new NewSimulation().scenario(inline), null, null);
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
  void createAndRunAnswersTheTraceAsJsonOrAsNdjsonLines() throws Exception {
    NewSimulationRun run = new NewSimulationRun().scenarioId("stable-basins").ticks(5);
    RunResponse json = simulations().runSimulation(run, null, null, null);
    assertThat(json.getTrace().getSteps()).hasSize(5);
    assertThat(json.getTrace().getInitialState().getAgents()).isNotEmpty();
    List<String> lines =
        Files.readAllLines(
            simulations().runSimulationNdjson(run, AgentSelection.NONE, null, null).toPath());
    assertThat(lines).hasSize(7);
    assertThat(strict.readValue(lines.get(6), Step.class).getTick()).isEqualTo(4L);
  }

  @Test
  void theEventStreamIsReadWithAnSseClientEachEventAsItsType() throws Exception {
    UUID id = created("stable-basins").getId();
    String url = sim.baseUrl() + "/v1/simulations/" + id + "/events";
    List<MessageEvent> events;
    try (EventStreamClient stream = EventStreamClient.open(url, Map.of("X-Api-Key", key), null)) {
      simulations()
          .submitDecree(
              id,
              new DecreeRequest().type(DecreeType.SHOCK).payload(Map.of("magnitude", 40)),
              null,
              null);
      simulations()
          .updateAgentPolicy(
              id,
              new AgentPolicyRequest()
                  .agentId("a00")
                  .policy(new AgentPolicyChange().gamma(0.05).lambda(9.0)),
              null);
      simulations().stepSimulation(id, new StepRequest().ticks(150), null, null);
      events =
          stream.readUntil(
              e -> e.getEventName().equals("tick") && e.getData().startsWith("{\"t\":149,"));
      events.addAll(stream.readUntil(e -> e.getEventName().equals("heartbeat")));
    }
    Set<String> names = new java.util.TreeSet<>();
    for (MessageEvent event : events) {
      names.add(event.getEventName());
      read(event);
    }
    assertThat(names).contains("decree", "policy", "tick", "prophecy", "simulation:status");
    List<MessageEvent> real =
        events.stream().filter(e -> !e.getEventName().equals("heartbeat")).toList();
    assertThat(real.get(0).getLastEventId()).isEqualTo("0-1");
    try (EventStreamClient resumed =
        EventStreamClient.open(url, Map.of("X-Api-Key", key), real.get(3).getLastEventId())) {
      List<MessageEvent> read = resumed.readUntil(e -> !e.getEventName().equals("heartbeat"));
      MessageEvent next = read.get(read.size() - 1);
      assertThat(next.getLastEventId()).isEqualTo(real.get(4).getLastEventId());
      assertThat(next.getData()).isEqualTo(real.get(4).getData());
    }
  }

  @Test
  void aSimulationIsNamedAndNotedByMergePatchAndListedWithItsEvaluationsAndEvents()
      throws Exception {
    UUID id = created("stable-basins").getId();
    simulations().stepSimulation(id, new StepRequest().ticks(3), null, null);
    Simulation named =
        simulations()
            .annotateSimulation(
                id, new SimulationNotes().label("Baseline").note("first try"), null);
    assertThat(named.getLabel()).isEqualTo("Baseline");
    assertThat(named.getNote()).isEqualTo("first try");
    // a member left out stays; null clears (JSON merge patch, the generated JsonNullable)
    Simulation cleared =
        simulations().annotateSimulation(id, new SimulationNotes().note(null), null);
    assertThat(cleared.getLabel()).isEqualTo("Baseline");
    assertThat(cleared.getNote()).isNull();
    assertThat(simulations().getSimulation(id, null).getLabel()).isEqualTo("Baseline");

    ValidationError tooLong =
        error(
                () ->
                    simulations()
                        .annotateSimulation(
                            id,
                            new SimulationNotes().label("x".repeat(101)).note("y".repeat(2001)),
                            null),
                400)
            .getError()
            .getValidationError();
    assertThat(tooLong.getDetails().getIssues())
        .extracting(ValidationIssue::getPath)
        .containsExactlyInAnyOrder("label", "note");
    assertThat(simulations().getSimulation(id, null).getLabel()).isEqualTo("Baseline");

    assertThat(new EvaluationsApi(client).listSimulationEvaluations(id, 50, 0L, null).getData())
        .isEmpty();
    UUID noEvaluation = UUID.randomUUID();
    assertThat(
            error(
                    () -> new EvaluationsApi(client).getEvaluationOverride(id, noEvaluation, null),
                    404)
                .getError()
                .getNotFoundError()
                .getMessage())
        .isEqualTo("Simulation " + id + " has no evaluation " + noEvaluation);
    EventLog log = simulations().getEventLog(id, null, true, null);
    assertThat(log.getData())
        .extracting(LoggedEvent::getEvent)
        .contains(LoggedEvent.EventEnum.TICK);
    assertThat(simulations().getSimulationScenario(id, null).getId()).isEqualTo("stable-basins");
    Caller caller = new OrganizationsApi(client).getCaller(null);
    assertThat(caller.getKind()).isEqualTo(Caller.KindEnum.API_KEY);
    assertThat(caller.getOrganizations())
        .extracting(Membership::getId)
        .containsExactly(organization);

    simulations().deleteSimulation(id, null);
    assertThat(
            error(() -> simulations().getSimulation(id, null), 404).getError().getActualInstance())
        .isInstanceOf(NotFoundError.class);
  }

  @Test
  void anExperimentIsCountedSubmittedFollowedAndItsRunsAndAggregatesRead() throws Exception {
    ExperimentsApi experiments = new ExperimentsApi(client);
    ExperimentRequest request =
        new ExperimentRequest()
            .scenarioId("stable-basins")
            .parameters(Map.of("agents[*].policy.gamma", List.of(0.2, 0.4)))
            .replications(2)
            .ticks(5);
    ExperimentDryRun count =
        experiments.submitExperiment(request, true, null, null).getExperimentDryRun();
    assertThat(count.getRuns()).isEqualTo(4);
    assertThat(count.getCombinations()).isEqualTo(2);
    assertThat(count.getRefusal()).isNull();

    Experiment accepted = experiments.submitExperiment(request, false, null, null).getExperiment();
    UUID id = accepted.getId();
    assertThat(accepted.getStatus()).isIn(ExperimentStatus.QUEUED, ExperimentStatus.RUNNING);
    List<MessageEvent> events;
    try (EventStreamClient stream =
        EventStreamClient.open(
            sim.baseUrl() + "/v1/experiments/" + id + "/events", Map.of("X-Api-Key", key), "0")) {
      events = stream.readUntil(e -> e.getData().contains("\"completed\""));
    }
    List<ExperimentStatus> statuses = new ArrayList<>();
    for (MessageEvent event : events) {
      switch (event.getEventName()) {
        case "experiment:status" ->
            statuses.add(
                strict.readValue(event.getData(), ExperimentStatusEvent.class).getStatus());
        case "progress" ->
            assertThat(strict.readValue(event.getData(), ExperimentProgress.class).getTotal())
                .isEqualTo(4);
        default -> assertThat(event.getEventName()).isEqualTo("heartbeat");
      }
    }
    assertThat(statuses).startsWith(ExperimentStatus.QUEUED).endsWith(ExperimentStatus.COMPLETED);

    assertThat(experiments.getExperiment(id, null).getProgress().getDone()).isEqualTo(4);
    assertThat(
            experiments.listExperiments(null, ExperimentStatus.COMPLETED, 50, 0L, null).getData())
        .extracting(Experiment::getId)
        .contains(id);
    List<ExperimentRun> runs = experiments.listExperimentRuns(id, 50, 0L, null).getData();
    assertThat(runs).hasSize(4).allMatch(r -> r.getStatus() == ExperimentRun.StatusEnum.DONE);
    assertThat(experiments.getExperimentAggregates(id, 50, 0L, null).getData()).hasSize(2);

    PlainError again =
        error(() -> experiments.cancelExperiment(id, null, null), 409).getError().getPlainError();
    assertThat(again.getCode()).isEqualTo("CONFLICT");
    ValidationError invalid =
        error(
                () ->
                    experiments.submitExperiment(
                        new ExperimentRequest()
                            .scenarioId("stable-basins")
                            .ticks(0)
                            .replications(0),
                        true,
                        null,
                        null),
                400)
            .getError()
            .getValidationError();
    assertThat(invalid.getDetails().getIssues())
        .extracting(ValidationIssue::getPath)
        .contains("ticks", "replications");
  }

  /** An event's data as the type the document names for its event, read strictly. */
  private static void read(MessageEvent event) throws IOException {
    String data = event.getData();
    Object typed =
        switch (event.getEventName()) {
          case "tick" -> strict.readValue(data, TickEvent.class);
          case "loss" -> strict.readValue(data, LossEvent.class);
          case "warning" -> strict.readValue(data, StepWarning.class);
          case "paradox" -> strict.readValue(data, ParadoxEvent.class);
          case "prophecy" -> strict.readValue(data, ProphecyData.class);
          case "decree" -> strict.readValue(data, DecreeEvent.class);
          case "policy" -> strict.readValue(data, PolicyEvent.class);
          case "simulation:status" -> strict.readValue(data, StatusEvent.class);
          case "error" -> strict.readValue(data, StreamError.class);
          case "heartbeat" -> data;
          default -> throw new AssertionError("an event the document does not name: " + event);
        };
    assertThat(typed).as(event.toString()).isNotNull();
    if (typed instanceof DecreeEvent decree) {
      assertThat(decree.getPhase()).isIn(InputPhase.SUBMITTED, InputPhase.APPLIED);
    }
    if (typed instanceof String heartbeat) {
      assertThat(heartbeat).isEmpty();
    }
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
  void errorsAreTypedByTheirCode() throws Exception {
    ApiError missing =
        error(() -> simulations().getSimulation(UUID.randomUUID(), null), 404).getError();
    assertThat(missing.getActualInstance()).isInstanceOf(NotFoundError.class);
    assertThat(missing.getNotFoundError().getDetails()).isNull();

    ApiError noAdapter =
        error(
                () ->
                    simulations()
                        .runSimulation(
                            new NewSimulationRun().domain(DomainId.EPIDEMIC).ticks(2),
                            null,
                            null,
                            null),
                400)
            .getError();
    ValidationError invalid = noAdapter.getValidationError();
    assertThat(invalid.getDetails().getIssues()).isNotEmpty();
    assertThat(invalid.getDetails().getAvailableVersions()).isNull();

    ValidationError version =
        error(
                () ->
                    simulations()
                        .createSimulation(
                            new NewSimulation().scenarioId("stable-basins").engineVersion("9.9.9"),
                            null,
                            null),
                400)
            .getError()
            .getValidationError();
    assertThat(version.getDetails().getAvailableVersions()).contains("1.0.0");

    PlainError disabled =
        error(() -> new EvaluationsApi(client).evaluate(Map.of(), null, null), 503)
            .getError()
            .getPlainError();
    assertThat(disabled.getCode()).isEqualTo("EVALUATION_DISABLED");
    assertThat(disabled.getDetails()).isNull();
  }

  private interface Call {
    void run() throws ApiException;
  }

  /** The error envelope of a call that fails with {@code status}, read strictly. */
  private static ErrorEnvelope error(Call call, int status) throws IOException {
    ApiException failure = catchThrowableOfType(ApiException.class, call::run);
    assertThat(failure.getCode()).as(failure.getResponseBody()).isEqualTo(status);
    return strict.readValue(failure.getResponseBody(), ErrorEnvelope.class);
  }
}

package io.causality.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The TypeScript clients (typescript-fetch, the generator's defaults) the build generates from the
 * two snapshots, read for the typings docs/api-contract.md promises: approve's answer and the
 * errors as unions discriminated by outcome and code, required bodies, NDJSON operations that hand
 * over the response to stream, no method for the event streams, and parameter interfaces whose
 * names do not stutter. This build has no TypeScript compiler (none is downloaded); the
 * declarations are checked as text.
 */
class TypeScriptClientsTest {
  private static final Path SIM = Path.of("target", "generated-typescript", "sim-server");
  private static final Path COORDINATOR =
      Path.of("target", "generated-typescript", "hitl-coordinator");

  private static String read(Path root, String file) throws IOException {
    return Files.readString(root.resolve(file));
  }

  @Test
  void approveAnswersAUnionDiscriminatedByOutcome() throws IOException {
    assertThat(read(COORDINATOR, "models/ApprovalOutcome.ts"))
        .contains(
            "export type ApprovalOutcome = { outcome: 'AWAITING_APPROVALS' } & AwaitingApprovals"
                + " | { outcome: 'TOKEN_ISSUED' } & TokenIssued;")
        .contains("switch (json['outcome'])");
    assertThat(read(COORDINATOR, "apis/OverrideRequestsApi.ts"))
        .contains("Promise<ApprovalOutcome>");
  }

  @Test
  void errorsAreAUnionDiscriminatedByCode() throws IOException {
    assertThat(read(COORDINATOR, "models/ApiError.ts"))
        .contains("{ code: 'DENY_COOLDOWN' } & DenyCooldownError")
        .contains("{ code: 'INVALID_TRANSITION' } & InvalidTransitionError")
        .contains("{ code: 'NOT_FOUND' } & PlainError");
    assertThat(read(COORDINATOR, "models/CooldownDetails.ts")).contains("cooldownEndsAt: Date;");
    assertThat(read(SIM, "models/ApiError.ts"))
        .contains("{ code: 'VALIDATION_ERROR' } & ValidationError")
        .contains("{ code: 'QUOTA_EXCEEDED' } & QuotaExceededError");
    assertThat(read(SIM, "models/ValidationDetails.ts"))
        .contains("issues: Array<ValidationIssue>;")
        .contains("availableVersions?: Array<string>;");
  }

  @Test
  void requestBodiesAreRequired() throws IOException {
    String requests = read(COORDINATOR, "apis/OverrideRequestsApi.ts");
    for (String body :
        List.of(
            "overrideSubmission: OverrideSubmission;", "approval: Approval;", "denial: Denial;")) {
      assertThat(requests).contains(body);
    }
    assertThat(read(COORDINATOR, "apis/OverrideTokensApi.ts"))
        .contains("redeemRequest: RedeemRequest;");
  }

  @Test
  void ndjsonOperationsHandOverTheResponseAndStreamsHaveNoMethod() throws IOException {
    String simulations = read(SIM, "apis/SimulationsApi.ts");
    assertThat(simulations)
        .contains("async getTraceNdjsonRaw(")
        .contains("async runSimulationNdjsonRaw(")
        .contains("return new runtime.BlobApiResponse(response);")
        .doesNotContain("streamSimulationEvents");
    assertThat(read(COORDINATOR, "apis/AuditEventsApi.ts")).doesNotContain("streamAuditEvents");
    assertThat(read(SIM, "apis/ExperimentsApi.ts")).doesNotContain("streamExperimentEvents");
    assertThat(read(SIM, "models/ExperimentStatusEvent.ts"))
        .contains("export interface ExperimentStatusEvent");
    assertThat(read(SIM, "models/TickEvent.ts")).contains("export interface TickEvent");
  }

  @Test
  void parameterInterfacesDoNotStutter() throws IOException {
    for (Path root : List.of(SIM, COORDINATOR)) {
      try (Stream<Path> apis = Files.list(root.resolve("apis"))) {
        for (Path api : apis.toList()) {
          assertThat(Files.readString(api))
              .as(api.toString())
              .doesNotContainPattern("export interface \\w*(RequestRequest|OperationRequest) ");
        }
      }
    }
  }

  @Test
  void enumsAndOpenTextAreTypedAsTheDocumentSays() throws IOException {
    assertThat(read(COORDINATOR, "apis/OverrideRequestsApi.ts"))
        .contains("status?: OverrideStatus;");
    assertThat(read(COORDINATOR, "models/OverrideStatus.ts")).contains("Pending: 'PENDING'");
    assertThat(read(SIM, "models/ProphecyData.ts")).contains("engineVersion: string;");
    assertThat(read(SIM, "apis/SimulationsApi.ts")).contains("agents?: AgentSelection;");
    assertThat(read(SIM, "models/AgentSelection.ts")).contains("Changed: 'changed'");
  }

  @Test
  void anExperimentsSubmissionAnswersTheUnionOfItsTwoShapes() throws IOException {
    assertThat(read(SIM, "models/ExperimentSubmission.ts"))
        .contains("export type ExperimentSubmission = Experiment | ExperimentDryRun;");
    assertThat(read(SIM, "apis/ExperimentsApi.ts")).contains("Promise<ExperimentSubmission>");
  }
}

package io.causality.sim.engine.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class InputJsonTest {
  private static ScheduledInput roundTrip(ScheduledInput input) {
    return InputParser.scheduled(Fixtures.json(InputJson.write(input).replace('"', '\'')));
  }

  private static EngineInput decree(String type, String payload) {
    return InputParser.decree(type, Fixtures.json(payload));
  }

  @Test
  void everyInputKindSurvivesPersistenceExactly() {
    List<EngineInput> inputs =
        List.of(
            decree("shock", "{'magnitude': 0.1234567891234}"),
            decree("shock", "{'magnitude': 3, 'x': 1.5, 'y': 2, 'radius': 7}"),
            decree(
                "attractor.add",
                "{'name': 'n', 'x': 1, 'y': 2, 'strength': 3.25, " + "'radius': 4}"),
            decree("attractor.move", "{'name': 'n', 'x': 0.3, 'y': 0.7}"),
            decree("attractor.remove", "{'name': 'n'}"),
            decree("agent.policy", "{'agentId': 'a', 'gamma': 0.333333333333}"),
            decree("agent.remove", "{'agentId': 'a'}"),
            decree("rule.set", "{'name': 'zeroSumAttractorCapture', 'value': true}"),
            decree("rule.set", "{'name': 'prophecyDepth', 'value': 2}"),
            decree("rule.set", "{'name': 'pointOfReturn', 'value': 2.75}"),
            InputParser.policyChange("b", 1.0000000001, null));
    for (int k = 0; k < inputs.size(); k++) {
      ScheduledInput input = new ScheduledInput(k * 7L, inputs.get(k));
      assertThat(roundTrip(input)).isEqualTo(input);
    }
  }

  @Test
  void writesTheDocumentedForms() {
    assertThat(InputJson.write(new ScheduledInput(12, decree("shock", "{'magnitude': 2}"))))
        .isEqualTo(
            "{\"tick\":12,\"kind\":\"decree\",\"type\":\"shock\","
                + "\"payload\":{\"magnitude\":2.0}}");
    assertThat(InputJson.write(new ScheduledInput(40, InputParser.policyChange("a1", null, 0.5))))
        .isEqualTo("{\"tick\":40,\"kind\":\"policy\",\"agentId\":\"a1\",\"gamma\":0.5}");
  }

  @Test
  void aPersistedInputWithoutKindIsInvalid() {
    assertThatThrownBy(() -> InputParser.scheduled(Fixtures.json("{'tick': -1}")))
        .isInstanceOf(EngineValidationException.class);
  }
}

package io.causality.common.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonOverlayTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ObjectNode tree(String json) throws Exception {
    return (ObjectNode) JSON.readTree(json.replace('\'', '"'));
  }

  @Test
  void objectsMergeAndAnythingElseReplaces() throws Exception {
    ObjectNode target = tree("{'a': {'type': 'string', 'pattern': 'x'}, 'b': [1], 'c': 1}");
    JsonOverlay.merge(target, tree("{'a': {'enum': ['p'], 'pattern': null}, 'b': [2], 'd': true}"));
    assertThat(target)
        .isEqualTo(tree("{'a': {'type': 'string', 'enum': ['p']}, 'b': [2], 'c': 1, 'd': true}"));
  }

  @Test
  void aReferenceOrXReplaceReplacesTheWholeObject() throws Exception {
    ObjectNode target = tree("{'a': {'type': 'string'}, 'b': {'type': 'string', 'format': 'x'}}");
    JsonOverlay.merge(
        target,
        tree(
            "{'a': {'$ref': '#/components/schemas/A'}, 'b': {'x-replace': true, 'type': 'integer'}}"));
    assertThat(target)
        .isEqualTo(tree("{'a': {'$ref': '#/components/schemas/A'}, 'b': {'type': 'integer'}}"));
  }

  @Test
  void renamesASchemaAndEveryReferenceToItThenMergesOperations(@TempDir Path dir) throws Exception {
    ObjectNode document =
        tree(
            "{'paths': {'/v1/x': {'get': {'responses': {'200': {'content': {'application/json':"
                + " {'schema': {'$ref': '#/components/schemas/XView'}}}}}}}},"
                + " 'components': {'schemas': {'XView': {'type': 'object'}}}}");
    JsonOverlay overlay =
        overlay(
            dir,
            "{'rename': {'XView': 'X'}, 'operations': {'GET /v1/x': {'operationId': 'getX'}}}");
    overlay.accept(document);
    assertThat(document.at("/components/schemas/X").isObject()).isTrue();
    assertThat(document.at("/components/schemas/XView").isMissingNode()).isTrue();
    assertThat(document.at("/paths/~1v1~1x/get/operationId").asText()).isEqualTo("getX");
    assertThat(document.toString()).contains("#/components/schemas/X\"").doesNotContain("XView");
  }

  @Test
  void anOperationOrSchemaTheOverlayNamesMustExist(@TempDir Path dir) throws Exception {
    ObjectNode document = tree("{'paths': {}, 'components': {'schemas': {}}}");
    assertThatThrownBy(() -> overlay(dir, "{'operations': {'GET /v1/nope': {}}}").accept(document))
        .hasMessageContaining("GET /v1/nope");
    assertThatThrownBy(() -> overlay(dir, "{'rename': {'Nope': 'X'}}").accept(document))
        .hasMessageContaining("Nope");
  }

  @Test
  void examplesGoToTheMembersTheyNameWhichMustExist(@TempDir Path dir) throws Exception {
    ObjectNode document =
        tree("{'components': {'schemas': {'X': {'properties': {'n': {'type': 'integer'}}}}}}");
    overlay(dir, "{'examples': {'X.n': 41}}").accept(document);
    assertThat(document.at("/components/schemas/X/properties/n/example").asInt()).isEqualTo(41);
    assertThatThrownBy(() -> overlay(dir, "{'examples': {'X.m': 1}}").accept(document))
        .hasMessageContaining("X.m");
  }

  private static JsonOverlay overlay(Path dir, String json) throws Exception {
    Path file = Files.createTempFile(dir, "overlay", ".json");
    Files.writeString(file, json.replace('\'', '"'), StandardCharsets.UTF_8);
    return JsonOverlay.fromFile(file);
  }
}

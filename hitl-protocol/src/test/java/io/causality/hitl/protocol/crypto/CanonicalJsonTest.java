package io.causality.hitl.protocol.crypto;

import static io.causality.hitl.protocol.TestKeys.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.hitl.protocol.wire.ProtocolJson;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

  private final ObjectMapper mapper = ProtocolJson.newMapper();

  @Test
  void rfc8785NumbersStringsAndLiterals() throws Exception {
    JsonNode input = mapper.readTree(fixture("jcs/rfc8785-input.json"));

    assertThat(CanonicalJson.canonicalize(input)).isEqualTo(fixture("jcs/rfc8785-output.json"));
  }

  @Test
  void rfc8785SortsKeysByUtf16CodeUnits() throws Exception {
    JsonNode input = mapper.readTree(fixture("jcs/sorting-input.json"));

    assertThat(CanonicalJson.canonicalize(input)).isEqualTo(fixture("jcs/sorting-output.json"));
  }

  @Test
  void integersAndEquivalentNumberSpellingsCanonicalizeAlike() throws Exception {
    JsonNode a = mapper.readTree("{\"b\":1.0,\"a\":[1e2,-0.0,10000000000]}");
    JsonNode b = mapper.readTree("{\"a\":[100,0,1e10],\"b\":1}");

    assertThat(CanonicalJson.canonicalize(a))
        .isEqualTo("{\"a\":[100,0,10000000000],\"b\":1}")
        .isEqualTo(CanonicalJson.canonicalize(b));
  }

  @Test
  void sha256HexIsLowerCaseHexOfTheUtf8Bytes() {
    // SHA-256("abc") from FIPS 180-2.
    assertThat(CanonicalJson.sha256Hex("abc".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }
}

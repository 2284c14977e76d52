package io.causality.sim.engine.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.core.TickThreads;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.model.Scenario;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Released engine versions must never change their output. The SHA-256 of each pre-built scenario's
 * 1,000-tick trace, and of a run fed every kind of input, are pinned under {@code
 * src/test/resources/engine/golden/<version>/}. To pin a NEW, unreleased version run {@code mvn -pl
 * sim-server test -Dtest=GoldenTraceTest -Dengine.golden.write=true} once, review and commit the
 * files; the run that writes them fails on purpose.
 */
class GoldenTraceTest {
  private static final String VERSION = "1.0.0";
  private static final long TICKS = 1_000;
  private static final JsonFactory FACTORY = new JsonFactory();

  private static Map<Long, List<EngineInput>> everyInput() {
    Map<Long, List<EngineInput>> script = Fixtures.script();
    script.put(
        5L,
        List.of(
            decree(
                "attractor.add", "{'name': 'ark', 'x': 20, 'y': 20, 'strength': 6, 'radius': 9}")));
    script.put(
        40L,
        List.of(decree("shock", "{'magnitude': 1.5}"), InputParser.policyChange("a02", 0.3, 0.7)));
    script.put(
        80L,
        List.of(
            decree("attractor.move", "{'name': 'ark', 'x': 30, 'y': 25}"),
            decree("agent.policy", "{'agentId': 'a05', 'gamma': 0.9}")));
    script.put(
        120L, List.of(decree("rule.set", "{'name': 'zeroSumAttractorCapture', 'value': true}")));
    script.put(
        160L,
        List.of(
            decree("agent.remove", "{'agentId': 'a07'}"),
            decree("shock", "{'magnitude': 2, 'x': 50, 'y': 50, 'radius': 15}")));
    script.put(300L, List.of(decree("attractor.remove", "{'name': 'ark'}")));
    return script;
  }

  private static EngineInput decree(String type, String payload) {
    return InputParser.decree(type, Fixtures.json(payload));
  }

  private static Map<String, String> currentHashes(TickThreads threads) {
    Map<String, String> hashes = new LinkedHashMap<>();
    for (Scenario scenario : Fixtures.CATALOG.all()) {
      Simulation sim = Fixtures.REGISTRY.require(VERSION).newSimulation(scenario, threads);
      hashes.put(scenario.id(), hash(sim, Fixtures.script()));
    }
    Simulation scripted =
        Fixtures.REGISTRY
            .require(VERSION)
            .newSimulation(Fixtures.scenario("prophecy-loop"), threads);
    hashes.put("prophecy-loop+every-input", hash(scripted, everyInput()));
    return hashes;
  }

  /** Streams the trace into the digest; the trace itself is never held. */
  private static String hash(Simulation sim, Map<Long, List<EngineInput>> script) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), digest);
          JsonGenerator gen = FACTORY.createGenerator(out)) {
        TraceWriter writer = TraceWriter.json(gen, sim);
        Fixtures.run(sim, TICKS, script, writer);
        writer.finish();
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String firstTicks() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      gen.useDefaultPrettyPrinter();
      Simulation sim =
          Fixtures.REGISTRY.require(VERSION).newSimulation(Fixtures.scenario("stable-basins"));
      TraceWriter writer = TraceWriter.json(gen, sim);
      sim.advance(2, writer);
      writer.finish();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8) + "\n";
  }

  private static String hashesFile(Map<String, String> hashes) {
    StringBuilder text = new StringBuilder();
    hashes.forEach((name, hash) -> text.append(hash).append("  ").append(name).append('\n'));
    return text.toString();
  }

  private static String resource(String name) throws IOException {
    String path = "engine/golden/" + VERSION + "/" + name;
    try (InputStream in = GoldenTraceTest.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        return fail("missing golden file " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /**
   * The pinned traces on several threads, every tick cut into parts however few its agents (the
   * parallel path: parts merged in agent order), give the same bytes as on one.
   */
  @Test
  void releasedVersionReproducesItsPinnedTracesOnSeveralThreads() throws IOException {
    for (int threads : new int[] {2, 3}) {
      try (TickThreads parallel = TickThreads.of(threads, 1)) {
        assertThat(hashesFile(currentHashes(parallel)))
            .as("%d threads", threads)
            .isEqualTo(resource("traces.sha256"));
      }
    }
  }

  @Test
  void releasedVersionReproducesItsPinnedTraces() throws IOException {
    String hashes = hashesFile(currentHashes(TickThreads.single()));
    String first = firstTicks();
    if (Boolean.getBoolean("engine.golden.write")) {
      Path dir = Path.of("src/test/resources/engine/golden", VERSION);
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("traces.sha256"), hashes);
      Files.writeString(dir.resolve("stable-basins-2-ticks.json"), first);
      fail("golden files written to " + dir.toAbsolutePath() + "; review and commit them");
    }
    assertThat(first).isEqualTo(resource("stable-basins-2-ticks.json"));
    assertThat(hashes).isEqualTo(resource("traces.sha256"));
  }
}

package io.causality.sim.benchmarks;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The baseline of the NDJSON trace benchmark (ops/bench/sim-http): plain Jackson writing the steps
 * of a downloaded trace to nowhere. It reads the NDJSON file once into trees, then times passes
 * that write every step line through one generator, as the service does for one response, into an
 * output stream that only counts bytes. No engine, HTTP or database is involved: the service's
 * steps/s against this one shows what recomputing and sending the trace cost on top of writing it.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.causality.sim.benchmarks.JacksonNowhereBaseline
 * TRACE.ndjson [WARMUP_PASSES] [MEASURED_PASSES]}. Prints one line of {@code key=value} figures;
 * the script reads {@code median_steps_per_s}.
 */
public final class JacksonNowhereBaseline {
  /** The NDJSON trace starts with a metadata line and an initialState line; steps follow. */
  private static final int HEADER_LINES = 2;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JacksonNowhereBaseline() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: JacksonNowhereBaseline TRACE.ndjson [WARMUP] [MEASURED]");
      System.exit(2);
    }
    int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int measured = args.length > 2 ? Integer.parseInt(args[2]) : 10;
    List<JsonNode> steps = readSteps(Path.of(args[0]));
    if (steps.isEmpty()) {
      System.err.println("no step lines in " + args[0]);
      System.exit(1);
    }
    for (int i = 0; i < warmup; i++) {
      writePass(steps);
    }
    report(steps.size(), measure(steps, measured));
  }

  /** Parses every step line; parsing is outside the timed passes on purpose. */
  static List<JsonNode> readSteps(Path file) throws IOException {
    List<JsonNode> steps = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int lineNumber = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (lineNumber++ >= HEADER_LINES && !line.isEmpty()) {
          steps.add(MAPPER.readTree(line));
        }
      }
    }
    return steps;
  }

  /** Times each measured pass; returns nanoseconds per pass and the bytes of the last one. */
  private static Pass[] measure(List<JsonNode> steps, int passes) throws IOException {
    Pass[] results = new Pass[passes];
    for (int i = 0; i < passes; i++) {
      long start = System.nanoTime();
      long bytes = writePass(steps);
      results[i] = new Pass(System.nanoTime() - start, bytes);
    }
    return results;
  }

  /** Writes every step as one NDJSON line to nowhere; returns the bytes written. */
  static long writePass(List<JsonNode> steps) throws IOException {
    CountingNowhere out = new CountingNowhere();
    try (JsonGenerator gen = MAPPER.getFactory().createGenerator(out)) {
      for (JsonNode step : steps) {
        MAPPER.writeTree(gen, step);
        gen.writeRaw('\n');
      }
    }
    return out.count;
  }

  /**
   * The median is the reported figure: on a shared machine the best pass flatters and the mean is
   * dragged by a pass that lost the CPU; the best is printed beside it.
   */
  private static void report(int stepCount, Pass[] passes) {
    long[] nanos = Arrays.stream(passes).mapToLong(Pass::nanos).sorted().toArray();
    long median = nanos[nanos.length / 2];
    long best = nanos[0];
    long bytes = passes[passes.length - 1].bytes();
    System.out.printf(
        Locale.ROOT,
        "steps=%d bytes=%d passes=%d median_ms=%.1f best_ms=%.1f median_steps_per_s=%.0f "
            + "best_steps_per_s=%.0f median_mb_per_s=%.1f best_mb_per_s=%.1f%n",
        stepCount,
        bytes,
        passes.length,
        median / 1e6,
        best / 1e6,
        perSecond(stepCount, median),
        perSecond(stepCount, best),
        perSecond(bytes, median) / 1e6,
        perSecond(bytes, best) / 1e6);
  }

  private static double perSecond(double amount, long nanos) {
    return amount * 1e9 / nanos;
  }

  private record Pass(long nanos, long bytes) {}

  /** Discards everything but keeps the count, so the output size can be checked. */
  private static final class CountingNowhere extends OutputStream {
    private long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }
}

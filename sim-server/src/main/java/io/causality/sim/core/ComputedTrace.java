package io.causality.sim.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.AgentSelection;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.Step;
import io.causality.sim.engine.output.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The trace of a create-and-run, written while its ticks are computed and kept in memory up to a
 * bound, so that the answer (sent after the commit) needs no second computation. A trace that grows
 * past the bound is dropped at once and the engine stops building its steps; the answer is then
 * replayed from the stored run, as a trace of a stored simulation is (docs/simulations.md).
 */
final class ComputedTrace implements EngineListener {
  private static final JsonFactory JSON = new JsonFactory();

  private final Bounded out;
  private final JsonGenerator gen;
  private final TraceWriter writer;

  /** Starts the trace of {@code simulation} before its first tick. */
  ComputedTrace(Simulation simulation, TraceForm form, int maxBytes) {
    out = new Bounded(maxBytes);
    try {
      gen = JSON.createGenerator(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    writer =
        form.ndjson()
            ? TraceWriter.ndjson(gen, simulation, form.agents())
            : TraceWriter.json(gen, simulation, form.agents());
  }

  @Override
  public boolean wantsSteps() {
    return !out.overflowed();
  }

  @Override
  public Set<AgentSelection> agentsWanted() {
    return writer.agentsWanted();
  }

  @Override
  public void onStep(Step step) {
    if (!out.overflowed()) {
      writer.onStep(step);
    }
  }

  @Override
  public void onEvent(EngineEvent event) {
    // a trace holds steps only; losses and warnings are in them
  }

  /** The whole trace, or empty when it grew past the bound. */
  Optional<Kept> finish() {
    if (out.overflowed()) {
      return Optional.empty();
    }
    writer.finish();
    try {
      gen.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.overflowed() ? Optional.empty() : Optional.of(out.kept());
  }

  /**
   * A kept trace, in chunks of up to {@link #CHUNK} bytes written in turn: a growing array would
   * copy a 539 KB trace about twice over as it doubles, and once more into the answer's array
   * (about 5 % of a create-and-run's request-thread samples in a profile, docs/performance.md,
   * "Simulation HTTP").
   */
  static final class Kept {
    private final List<byte[]> chunks;
    private final int lastLength;

    private Kept(List<byte[]> chunks, int lastLength) {
      this.chunks = chunks;
      this.lastLength = lastLength;
    }

    /** Writes the trace to {@code out}, as it was written. */
    void writeTo(OutputStream out) throws IOException {
      int last = chunks.size() - 1;
      for (int i = 0; i < last; i++) {
        out.write(chunks.get(i));
      }
      if (last >= 0) {
        out.write(chunks.get(last), 0, lastLength);
      }
    }
  }

  private static final int CHUNK = 64 * 1024;

  /** Keeps what is written up to {@code max} bytes; past it, nothing more and nothing kept. */
  private static final class Bounded extends OutputStream {
    private final int max;
    private List<byte[]> chunks = new ArrayList<>();
    private byte[] current;
    private int used = CHUNK;
    private long size;

    Bounded(int max) {
      this.max = max;
    }

    boolean overflowed() {
      return chunks == null;
    }

    Kept kept() {
      return new Kept(chunks, chunks.isEmpty() ? 0 : used);
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      if (chunks == null) {
        return;
      }
      if (size + len > max) {
        chunks = null;
        current = null;
        return;
      }
      size += len;
      int from = off;
      int left = len;
      while (left > 0) {
        if (used == CHUNK) {
          current = new byte[CHUNK];
          chunks.add(current);
          used = 0;
        }
        int n = Math.min(left, CHUNK - used);
        System.arraycopy(b, from, current, used, n);
        used += n;
        from += n;
        left -= n;
      }
    }
  }
}

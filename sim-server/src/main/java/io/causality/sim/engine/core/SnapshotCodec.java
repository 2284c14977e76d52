package io.causality.sim.engine.core;

import io.causality.sim.engine.json.JsonTree;
import io.causality.sim.engine.model.Rules;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The binary snapshot of a simulation: a header (magic, format, engine version), then every mutable
 * array and counter with doubles as raw bits, so that a restored simulation continues exactly as
 * the original would have. It is restored onto the simulation's scenario, in the canonical JSON the
 * simulation was made from ({@link Simulation#scenarioJson}), which its owner stores once.
 *
 * <p>Format 1 carried that JSON inside every snapshot: at 100,000 agents of the epidemic domain,
 * 25.8 MB of a 32.7 MB snapshot, written out (and held, with the buffers that wrote it) at every
 * snapshot interval, and stored again each time. Format 1 snapshots are still read, their own
 * scenario used.
 */
public final class SnapshotCodec {
  private static final int MAGIC = 0x43534E50; // "CSNP"
  private static final int WITH_SCENARIO = 1;
  private static final int FORMAT = 2;

  /** Bytes an agent takes in a snapshot: seven doubles, its generator, holder and status. */
  private static final int BYTES_PER_AGENT = 7 * 8 + 8 + 4 + 1;

  /** The rest, generously: the header, attractors, rules, counters and pending prophecies. */
  private static final int BYTES_BESIDES_AGENTS = 64 * 1024;

  private SnapshotCodec() {}

  static byte[] write(Simulation sim) {
    // sized up front: a growing buffer would hold twice the snapshot, then copy it once more
    ByteArrayOutputStream bytes =
        new ByteArrayOutputStream(
            sim.world.n * BYTES_PER_AGENT
                + BYTES_BESIDES_AGENTS
                + 24 * sim.prophet.pending().size());
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(MAGIC);
      out.writeInt(FORMAT);
      out.writeUTF(sim.engineVersion().id());
      writeWorld(out, sim.world);
      writeHistory(out, sim);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * Reads a snapshot onto its simulation's scenario, {@code scenarioJson} (asked for only when the
   * snapshot does not carry it); {@code versions} resolves the version it names (or throws).
   */
  public static Simulation read(
      byte[] snapshot,
      Supplier<byte[]> scenarioJson,
      Function<String, EngineVersion> versions,
      TickThreads threads) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(snapshot))) {
      int format = in.readInt() == MAGIC ? in.readInt() : -1;
      if (format != FORMAT && format != WITH_SCENARIO) {
        throw new IllegalArgumentException("not a simulation snapshot");
      }
      EngineVersion version = versions.apply(in.readUTF());
      byte[] json;
      if (format == WITH_SCENARIO) {
        json = new byte[in.readInt()];
        in.readFully(json);
      } else {
        json = scenarioJson.get();
      }
      Scenario scenario = ScenarioParser.parse(JsonTree.read(json), "snapshot");
      Simulation sim =
          Simulation.create(version, scenario, new ScenarioKept(scenario, json), threads);
      readWorld(in, sim.world);
      readHistory(in, sim);
      return sim;
    } catch (IOException e) {
      throw new IllegalArgumentException("corrupt simulation snapshot", e);
    }
  }

  private static void writeWorld(DataOutputStream out, World w) throws IOException {
    for (double[] array : doubles(w)) {
      for (double v : array) {
        out.writeLong(Double.doubleToRawLongBits(v));
      }
    }
    for (int i = 0; i < w.n; i++) {
      out.writeLong(w.rng[i]);
      out.writeInt(w.holder[i]);
      out.writeByte(w.status[i]);
    }
    writeAttractors(out, w);
    for (double v : w.rules.values()) {
      out.writeLong(Double.doubleToRawLongBits(v));
    }
    out.writeLong(w.nextTick);
    out.writeLong(Double.doubleToRawLongBits(w.b));
    out.writeInt(w.population);
    out.writeInt(w.lostCount);
    out.writeInt(w.removedCount);
  }

  private static void readWorld(DataInputStream in, World w) throws IOException {
    for (double[] array : doubles(w)) {
      for (int i = 0; i < array.length; i++) {
        array[i] = Double.longBitsToDouble(in.readLong());
      }
    }
    for (int i = 0; i < w.n; i++) {
      w.rng[i] = in.readLong();
      w.holder[i] = in.readInt();
      w.status[i] = in.readByte();
    }
    readAttractors(in, w);
    double[] rules = new double[w.rules.values().length];
    for (int r = 0; r < rules.length; r++) {
      rules[r] = Double.longBitsToDouble(in.readLong());
    }
    w.rules = Rules.of(rules);
    w.nextTick = in.readLong();
    w.b = Double.longBitsToDouble(in.readLong());
    w.population = in.readInt();
    w.lostCount = in.readInt();
    w.removedCount = in.readInt();
    w.rebuildWeights();
  }

  private static double[][] doubles(World w) {
    return new double[][] {w.x, w.y, w.vx, w.vy, w.lambda, w.gamma, w.depth};
  }

  private static void writeAttractors(DataOutputStream out, World w) throws IOException {
    out.writeInt(w.attractorCount);
    for (int a = 0; a < w.attractorCount; a++) {
      out.writeUTF(w.names[a]);
      out.writeLong(Double.doubleToRawLongBits(w.ax[a]));
      out.writeLong(Double.doubleToRawLongBits(w.ay[a]));
      out.writeLong(Double.doubleToRawLongBits(w.strength[a]));
      out.writeLong(Double.doubleToRawLongBits(w.radius[a]));
      out.writeInt(w.held[a]);
    }
  }

  private static void readAttractors(DataInputStream in, World w) throws IOException {
    w.attractorCount = in.readInt();
    w.fitAttractors(w.attractorCount);
    for (int a = 0; a < w.attractorCount; a++) {
      w.names[a] = in.readUTF();
      w.ax[a] = Double.longBitsToDouble(in.readLong());
      w.ay[a] = Double.longBitsToDouble(in.readLong());
      w.strength[a] = Double.longBitsToDouble(in.readLong());
      w.radius[a] = Double.longBitsToDouble(in.readLong());
      w.held[a] = in.readInt();
    }
  }

  private static void writeHistory(DataOutputStream out, Simulation sim) throws IOException {
    out.writeLong(sim.lastInputTick);
    out.writeUTF(sim.lastInputKind);
    out.writeInt(sim.prophet.seq());
    List<Prophet.Foretold> pending = sim.prophet.pending();
    out.writeInt(pending.size());
    for (Prophet.Foretold f : pending) {
      out.writeInt(f.agent());
      out.writeLong(f.tick());
      out.writeInt(f.prophecy());
      out.writeLong(f.madeAt());
    }
  }

  private static void readHistory(DataInputStream in, Simulation sim) throws IOException {
    sim.lastInputTick = in.readLong();
    sim.lastInputKind = in.readUTF();
    int seq = in.readInt();
    int count = in.readInt();
    List<Prophet.Foretold> pending = new ArrayList<>(count);
    for (int k = 0; k < count; k++) {
      pending.add(new Prophet.Foretold(in.readInt(), in.readLong(), in.readInt(), in.readLong()));
    }
    sim.prophet.restore(seq, pending);
  }
}

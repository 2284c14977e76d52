package io.causality.sim.core.events;

import io.causality.sim.db.InputRow;
import io.causality.sim.db.StatusChangeRow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The events made while a simulation stood before a tick: the inputs submitted for it and the
 * status changes, in the order they happened. A status change stored with input count c came after
 * input c - 1 and before input c, which orders the two kinds without a shared clock.
 */
public final class Preludes {
  /** One event between ticks. */
  private sealed interface Entry permits Submitted, Changed {}

  private record Submitted(InputRow row) implements Entry {}

  private record Changed(StatusChangeRow row) implements Entry {}

  private final Map<Long, List<Entry>> byTick;
  private final Map<Long, List<InputRow>> inputsByTick;

  private Preludes(Map<Long, List<Entry>> byTick, Map<Long, List<InputRow>> inputsByTick) {
    this.byTick = byTick;
    this.inputsByTick = inputsByTick;
  }

  /** A boundary with nothing before its tick. */
  public static final Preludes NONE = new Preludes(Map.of(), Map.of());

  /** A boundary with one status change before its tick: what a completing step leaves. */
  public static Preludes of(StatusChangeRow change) {
    return of(List.of(), List.of(change));
  }

  /** From inputs and status changes, each in stored order. */
  public static Preludes of(List<InputRow> inputs, List<StatusChangeRow> statuses) {
    Map<Long, List<InputRow>> inputsByTick = new HashMap<>();
    inputs.forEach(
        row -> inputsByTick.computeIfAbsent(row.tick(), t -> new ArrayList<>()).add(row));
    Map<Long, List<StatusChangeRow>> statusesByTick = new HashMap<>();
    statuses.forEach(
        row -> statusesByTick.computeIfAbsent(row.tick(), t -> new ArrayList<>()).add(row));
    Map<Long, List<Entry>> byTick = new HashMap<>();
    inputsByTick.keySet().forEach(tick -> byTick.put(tick, List.of()));
    statusesByTick.keySet().forEach(tick -> byTick.put(tick, List.of()));
    byTick.replaceAll(
        (tick, none) ->
            merge(
                inputsByTick.getOrDefault(tick, List.of()),
                statusesByTick.getOrDefault(tick, List.of())));
    return new Preludes(byTick, inputsByTick);
  }

  private static List<Entry> merge(List<InputRow> inputs, List<StatusChangeRow> statuses) {
    List<Entry> merged = new ArrayList<>(inputs.size() + statuses.size());
    int s = 0;
    for (InputRow input : inputs) {
      while (s < statuses.size() && statuses.get(s).inputCount() <= input.seq()) {
        merged.add(new Changed(statuses.get(s++)));
      }
      merged.add(new Submitted(input));
    }
    while (s < statuses.size()) {
      merged.add(new Changed(statuses.get(s++)));
    }
    return merged;
  }

  /** How many events were made before tick {@code tick}: its first tick event's index - 1. */
  public int count(long tick) {
    return byTick.getOrDefault(tick, List.of()).size();
  }

  /** The inputs the engine applies at the start of {@code tick}, in order. */
  public List<InputRow> inputsAt(long tick) {
    return inputsByTick.getOrDefault(tick, List.of());
  }

  /** The event at {@code index} (from 1) before {@code tick}. */
  public SimulationEvent event(long tick, int index) {
    Entry entry = byTick.get(tick).get(index - 1);
    EventId id = new EventId(tick, index);
    if (entry instanceof Submitted submitted) {
      InputRow row = submitted.row();
      return new SimulationEvent(id, row.kind(), EventPayloads.input(EventPayloads.SUBMITTED, row));
    }
    StatusChangeRow row = ((Changed) entry).row();
    return new SimulationEvent(id, EventPayloads.STATUS, EventPayloads.status(row));
  }

  /** The last event before {@code tick}; the simulation must have made one. */
  public SimulationEvent last(long tick) {
    return event(tick, count(tick));
  }
}

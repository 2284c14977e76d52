package io.causality.sim.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.errors.ValidationIssue;
import io.causality.hitl.protocol.wire.PrintableText;
import io.causality.sim.api.SimulationNotes;
import io.causality.sim.api.SimulationView;
import io.causality.sim.core.errors.InvalidInputException;
import io.causality.sim.core.errors.SimulationConflictException;
import io.causality.sim.core.errors.SimulationNotFoundException;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SimulationSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * A simulation's place in its organization's history: the name and note its people give it, and its
 * deletion (docs/simulations.md, "Names, notes and deletion").
 */
public final class SimulationHistory {
  static final int MAX_LABEL = 100;
  static final int MAX_NOTE = 2000;

  private final Jdbi jdbi;
  private final SimulationAccess access;
  private final SimulationLocks locks;
  private final LiveSimulations live;
  private final SimulationStore store;
  private final SimulationPublisher publisher;

  SimulationHistory(
      Jdbi jdbi,
      SimulationAccess access,
      SimulationLocks locks,
      LiveSimulations live,
      SimulationStore store,
      SimulationPublisher publisher) {
    this.jdbi = jdbi;
    this.access = access;
    this.locks = locks;
    this.live = live;
    this.store = store;
    this.publisher = publisher;
  }

  /**
   * Applies a merge patch of the name and note, checked first (400, one issue per bad member, and
   * nothing changed). Neither is part of the simulation's inputs: its version, trace and events
   * stay as they are, and a player's next write is not disturbed.
   */
  public SimulationView annotate(Caller caller, UUID id, SimulationNotes patch) {
    access.check(caller, id);
    List<ValidationIssue> issues = new ArrayList<>();
    checkText("label", patch.label(), MAX_LABEL, false, issues);
    checkText("note", patch.note(), MAX_NOTE, true, issues);
    if (!issues.isEmpty()) {
      throw new InvalidInputException("Invalid name or note", issues);
    }
    SimulationSummary current = summary(id);
    String label = merged(patch.label(), current.label());
    String note = merged(patch.note(), current.note());
    jdbi.useExtension(SimulationDao.class, dao -> dao.annotate(id, label, note));
    return SimulationViews.simulation(summary(id));
  }

  /**
   * Deletes a simulation that is not running (409 while it runs: pause it first), with its inputs,
   * snapshots, prophecies and status changes, under its lock and over the version read. Its streams
   * are told ({@code error} {@code DELETED}) and closed. The run and ticks it counted stay counted
   * in the billing period: usage counts what was created and computed.
   */
  public void delete(Caller caller, UUID id) {
    access.check(caller, id);
    locks.locked(
        id,
        () -> {
          SimulationRow row = access.find(id);
          if (SimulationStatus.fromWireName(row.status()) == SimulationStatus.RUNNING) {
            throw new SimulationConflictException(
                "Simulation " + id + " is running; pause it before deleting it");
          }
          store.delete(row);
          live.forget(id);
          publisher.deleted(id);
          return null;
        });
  }

  private SimulationSummary summary(UUID id) {
    return jdbi.withExtension(SimulationDao.class, dao -> dao.findSummary(id))
        .orElseThrow(() -> new SimulationNotFoundException(id));
  }

  /** A member left out keeps the value; null or a blank string clears it; text sets it. */
  private static String merged(JsonNode member, String current) {
    if (member == null) {
      return current;
    }
    return member.isNull() || member.asText().isBlank() ? null : member.asText().strip();
  }

  private static void checkText(
      String path, JsonNode member, int maxLength, boolean lines, List<ValidationIssue> issues) {
    if (member == null || member.isNull()) {
      return;
    }
    if (!member.isTextual()) {
      issues.add(new ValidationIssue(path, "must be a string or null"));
      return;
    }
    String text = member.asText();
    if (text.length() > maxLength) {
      issues.add(new ValidationIssue(path, "must be at most " + maxLength + " characters"));
    }
    // a note may keep its line breaks and tabs; nothing else that is not printable
    String checked = lines ? text.replace("\r\n", " ").replace('\n', ' ').replace('\t', ' ') : text;
    if (!PrintableText.isPrintable(checked)) {
      issues.add(new ValidationIssue(path, PrintableText.NOT_PRINTABLE));
    }
  }
}

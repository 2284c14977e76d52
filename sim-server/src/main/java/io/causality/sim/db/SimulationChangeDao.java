package io.causality.sim.db;

import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.CreateSqlObject;
import org.jdbi.v3.sqlobject.SqlObject;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;

/**
 * The changes of a simulation that write several tables, each in one transaction. Every one starts
 * with the conditional write on the simulation's version and throws {@link ChangedMeanwhile} when
 * another writer got there first, so that nothing of it is kept. The {@link ChangeNotice} is told
 * inside the transaction. The writes that count usage (a new simulation, computed ticks) are {@link
 * SimulationWrites}'.
 */
public interface SimulationChangeDao extends SqlObject {
  @CreateSqlObject
  SimulationDao simulations();

  @CreateSqlObject
  InputDao inputs();

  @CreateSqlObject
  StatusChangeDao statusChanges();

  /** Stores an input as the simulation's next one, over {@code version}. */
  @Transaction
  default void storeInput(InputRow input, long version, ChangeNotice notice) {
    UUID id = input.simulationId();
    if (simulations().addInput(id, version, input.createdAt()) == 0) {
      throw new ChangedMeanwhile();
    }
    inputs().insert(input);
    notice.changed(getHandle(), id);
  }

  /**
   * Stores a new status, speed and player over {@code version}; journals {@code change} (null when
   * the status stays, and then nobody is told) and returns it with its seq.
   */
  @Transaction
  default Optional<StatusChangeRow> storeStatus(
      long version, String player, StatusChangeRow change, ChangeNotice notice) {
    UUID id = change.simulationId();
    if (simulations()
            .changeStatus(id, version, change.status(), change.speed(), player, change.createdAt())
        == 0) {
      throw new ChangedMeanwhile();
    }
    if (change.status().equals(change.previous())) {
      return Optional.empty();
    }
    StatusChangeRow stored = statusChanges().append(change);
    notice.changed(getHandle(), id);
    return Optional.of(stored);
  }

  /**
   * Deletes a simulation stored at {@code version}, and everything of it: its inputs, snapshots,
   * prophecies, status changes and evaluations (usage stays counted); its scenario goes by the
   * foreign key's cascade (changeset 039). {@link ChangedMeanwhile} when it changed since it was
   * read, and then nothing is deleted.
   */
  @Transaction
  default void delete(UUID id, long version, ChangeNotice notice) {
    deleteInputs(id);
    deleteSnapshots(id);
    deleteProphecies(id);
    deleteStatusChanges(id);
    deleteEvaluations(id);
    if (deleteSimulation(id, version) == 0) {
      throw new ChangedMeanwhile();
    }
    notice.changed(getHandle(), id);
  }

  @SqlUpdate("DELETE FROM simulation_inputs WHERE simulation_id = :id")
  void deleteInputs(UUID id);

  @SqlUpdate("DELETE FROM simulation_snapshots WHERE simulation_id = :id")
  void deleteSnapshots(UUID id);

  @SqlUpdate("DELETE FROM prophecies WHERE simulation_id = :id")
  void deleteProphecies(UUID id);

  @SqlUpdate("DELETE FROM simulation_status_changes WHERE simulation_id = :id")
  void deleteStatusChanges(UUID id);

  @SqlUpdate("DELETE FROM simulation_evaluations WHERE simulation_id = :id")
  void deleteEvaluations(UUID id);

  @SqlUpdate("DELETE FROM simulations WHERE id = :id AND version = :version")
  int deleteSimulation(UUID id, long version);
}

package io.causality.sim.core;

import io.causality.sim.db.ChangeNotice;
import java.util.UUID;
import org.jdbi.v3.core.Handle;

/**
 * The instances of the service that share the database (docs/operations.md): who plays a running
 * simulation, and telling the others that a simulation changed so that their event streams read the
 * change from storage. On embedded H2 there is only this instance.
 */
public interface Cluster extends ChangeNotice {
  /** This instance's id, as stored in {@code simulations.player}. */
  String self();

  /**
   * Whether other instances may share the database, some perhaps of the previous version during a
   * rolling upgrade (docs/operations.md, "Upgrades without downtime"): then what is stored keeps
   * the shape that version reads as well.
   */
  boolean shared();

  /** Whether the instance is running; one that stopped or crashed plays nothing any more. */
  boolean alive(String instance);

  /** In the transaction that stores a change of the simulation: tell the other instances. */
  @Override
  void changed(Handle handle, UUID simulationId);

  /** One instance alone on its database. */
  static Cluster single() {
    String self = UUID.randomUUID().toString();
    return new Cluster() {
      @Override
      public String self() {
        return self;
      }

      @Override
      public boolean shared() {
        return false;
      }

      @Override
      public boolean alive(String instance) {
        return self.equals(instance);
      }

      @Override
      public void changed(Handle handle, UUID simulationId) {
        // nobody else to tell
      }
    };
  }
}

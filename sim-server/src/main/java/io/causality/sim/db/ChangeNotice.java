package io.causality.sim.db;

import java.util.UUID;
import org.jdbi.v3.core.Handle;

/**
 * Told of a simulation's change inside the transaction that stores it, so that the notice goes out
 * with the commit and never without it (the cluster's NOTIFY, docs/operations.md).
 */
@FunctionalInterface
public interface ChangeNotice {
  void changed(Handle handle, UUID simulationId);
}

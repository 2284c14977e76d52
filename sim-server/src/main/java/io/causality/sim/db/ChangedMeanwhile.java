package io.causality.sim.db;

/**
 * A conditional write found another version than the one read: another writer (a thread or another
 * instance) changed the simulation first. Thrown inside the transaction, so that nothing of it is
 * kept; the change is then made again from what is stored.
 */
public final class ChangedMeanwhile extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ChangedMeanwhile() {
    super(null, null, false, false);
  }
}

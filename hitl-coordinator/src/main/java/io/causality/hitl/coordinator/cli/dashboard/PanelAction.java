package io.causality.hitl.coordinator.cli.dashboard;

/** What the operator panel asks its driver to do after a key. */
public sealed interface PanelAction {
  /** Nothing beyond redrawing. */
  record None() implements PanelAction {}

  /** Poll the coordinator now. */
  record Refresh() implements PanelAction {}

  /** Leave the dashboard. */
  record Quit() implements PanelAction {}

  /** The operator confirmed a decision on a request. */
  record Decide(Verdict verdict, String requestId) implements PanelAction {}

  /** Approve or deny. */
  enum Verdict {
    APPROVE("approve", "approved"),
    DENY("deny", "denied");

    private final String verb;
    private final String done;

    Verdict(String verb, String done) {
      this.verb = verb;
      this.done = done;
    }

    public String verb() {
      return verb;
    }

    public String done() {
      return done;
    }
  }
}

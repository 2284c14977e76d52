package io.causality.sim.events;

/** Scenarios the live tests share. */
public final class EventsFixture {
  /** Two agents held in one basin: small tick payloads, no losses. */
  public static final String INLINE =
      """
      {"seed": 7,
       "agents": [
         {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": 0.5},
          "attractorPreferences": {"core": 1}},
         {"id": "a2", "marker": {"x": 52, "y": 48}, "policy": {"lambda": 0.2, "gamma": 0.4},
          "attractorPreferences": {"core": 1}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}
      """;

  private EventsFixture() {}
}

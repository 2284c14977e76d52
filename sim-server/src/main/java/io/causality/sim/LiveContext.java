package io.causality.sim;

import io.causality.sim.cluster.PostgresCluster;
import io.causality.sim.cluster.PostgresStreamSlots;
import io.causality.sim.config.EventsConfig;
import io.causality.sim.config.ExperimentsConfig;
import io.causality.sim.config.SimulationsConfig;
import io.causality.sim.core.Cluster;
import io.causality.sim.core.EventLog;
import io.causality.sim.core.EventReplay;
import io.causality.sim.core.LeftRunning;
import io.causality.sim.core.LiveSimulations;
import io.causality.sim.core.Simulations;
import io.causality.sim.core.events.EventBatch;
import io.causality.sim.core.experiments.Experiments;
import io.causality.sim.events.EventHub;
import io.causality.sim.events.EventStreams;
import io.causality.sim.events.ExperimentStreams;
import io.causality.sim.experiments.ExperimentQueue;
import io.causality.sim.experiments.ExperimentWorkers;
import io.causality.sim.experiments.InteractiveFirst;
import io.causality.sim.playback.PlaybackScheduler;
import io.dropwizard.core.setup.Environment;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What plays and streams simulations, built once over the {@link SimContext}: the simulations,
 * their players and their event streams; and experiments, their workers and their streams. Its
 * threads are managed objects; it is built after the limits and the usage meter, so that (managed
 * objects stopping in reverse order) the streams' threads, the cluster listener and the players
 * stop before the usage flusher and the idempotency cleaner.
 */
record LiveContext(
    EventHub events,
    PlaybackScheduler playback,
    Simulations simulations,
    EventStreams streams,
    EventLog eventLog,
    Experiments experiments,
    ExperimentStreams experimentStreams,
    InteractiveFirst interactiveFirst) {
  private static final Logger LOG = LoggerFactory.getLogger(LiveContext.class);

  /**
   * Wires the simulations, pauses those a stopped process left running and, on a shared database,
   * listens to the other instances.
   */
  static LiveContext start(
      SimConfiguration configuration, Environment environment, SimContext context) {
    EventsConfig eventsConfig = configuration.getEvents();
    EventHub events =
        new EventHub(
            new EventBatch.Limit(
                eventsConfig.getClientBuffer(), eventsConfig.getClientBufferBytes().toBytes()));
    PlaybackScheduler playback = playbackScheduler(configuration, environment);
    Cluster cluster = context.shared().<Cluster>map(c -> c).orElseGet(Cluster::single);
    Simulations simulations =
        simulations(configuration.getSimulations(), context, events, playback, cluster);
    pauseLeftRunning(simulations.leftRunning());
    Optional<PostgresStreamSlots> slots =
        context.shared().map(c -> new PostgresStreamSlots(context.jdbi(), c, context.clock()));
    context
        .shared()
        .ifPresent(c -> listenToOthers(c, simulations, events, slots.orElseThrow(), environment));
    EventReplay replay = new EventReplay(context.jdbi(), context.access(), context.loader());
    EventStreams streams =
        new EventStreams(
            simulations.publisher(),
            context.reader(),
            context.organizations(),
            events,
            replay,
            streamThreads(configuration.getEvents(), environment),
            configuration.getEvents(),
            slots.map(s -> s));
    EventLog eventLog = new EventLog(simulations.publisher(), replay);
    InteractiveFirst interactiveFirst =
        new InteractiveFirst(configuration.getExperiments().getInteractivePause().toJavaDuration());
    Experiments experiments =
        experiments(
            configuration.getExperiments(),
            environment,
            context,
            simulations,
            interactiveFirst,
            cluster);
    ExperimentStreams experimentStreams =
        new ExperimentStreams(
            experiments.reader(),
            context.organizations(),
            environment
                .lifecycle()
                .executorService("experiment-stream-%d")
                .minThreads(0)
                .maxThreads(configuration.getEvents().getMaxStreams())
                .workQueue(new SynchronousQueue<>())
                .build(),
            configuration.getEvents());
    return new LiveContext(
        events,
        playback,
        simulations,
        streams,
        eventLog,
        experiments,
        experimentStreams,
        interactiveFirst);
  }

  /**
   * Experiments, their queue in the service's database and this instance's workers, which start
   * with the server and stop before the database closes.
   */
  private static Experiments experiments(
      ExperimentsConfig config,
      Environment environment,
      SimContext context,
      Simulations simulations,
      InteractiveFirst interactiveFirst,
      Cluster cluster) {
    ExperimentQueue queue = new ExperimentQueue(context.dataSource(), context.clock());
    Experiments experiments =
        Experiments.wire(
            new Experiments.Parts(
                context.jdbi(),
                context.catalog(),
                context.memory(),
                context.organizations(),
                simulations.creation(),
                queue,
                context.clock(),
                cluster.shared()));
    environment
        .lifecycle()
        .manage(
            new ExperimentWorkers(
                context.dataSource(), experiments.work(), queue, config, interactiveFirst));
    return experiments;
  }

  private static Simulations simulations(
      SimulationsConfig settings,
      SimContext context,
      EventHub events,
      PlaybackScheduler playback,
      Cluster cluster) {
    int liveAgents = settings.liveAgents(Runtime.getRuntime().maxMemory());
    LOG.info(
        "Engine instances kept in memory: up to {}, holding up to {} agents"
            + " (simulations.maxLiveInstances, simulations.maxLiveAgents)",
        settings.getMaxLiveInstances(),
        liveAgents);
    return Simulations.wire(
        new Simulations.Parts(
            context.jdbi(),
            context.access(),
            context.catalog(),
            context.memory(),
            new LiveSimulations(context.loader(), settings.getMaxLiveInstances(), liveAgents),
            context.organizations(),
            context.clock(),
            settings.getSnapshotInterval(),
            (int) settings.getRunTraceBuffer().toBytes(),
            events,
            playback,
            cluster));
  }

  private static PlaybackScheduler playbackScheduler(
      SimConfiguration configuration, Environment environment) {
    return new PlaybackScheduler(
        configuration.getPlayback(),
        environment
            .lifecycle()
            .scheduledExecutorService("playback-%d")
            .threads(configuration.getPlayback().getThreads())
            .build());
  }

  /** Nothing plays a simulation a stopped process left running: it comes back paused. */
  private static void pauseLeftRunning(LeftRunning leftRunning) {
    int paused = leftRunning.pauseOrphaned();
    if (paused > 0) {
      LOG.info("{} simulations left running by stopped instances are paused", paused);
    }
  }

  /**
   * Streams hear what other instances store; what dead instances played is paused, and the stream
   * slots they held are freed.
   */
  private static void listenToOthers(
      PostgresCluster cluster,
      Simulations simulations,
      EventHub events,
      PostgresStreamSlots slots,
      Environment environment) {
    cluster.listener(
        new PostgresCluster.Listener() {
          @Override
          public void changedElsewhere(UUID simulationId) {
            simulations.publisher().changedElsewhere(simulationId);
          }

          @Override
          public Set<UUID> watched() {
            return events.watchedIds();
          }

          @Override
          public void sweep() {
            pauseLeftRunning(simulations.leftRunning());
            int freed = slots.sweep();
            if (freed > 0) {
              LOG.info("{} event-stream slots held by stopped instances are freed", freed);
            }
          }
        });
    environment.lifecycle().manage(cluster);
  }

  /** One thread per open event stream, up to events.maxStreams; none kept idle long. */
  private static ExecutorService streamThreads(EventsConfig config, Environment environment) {
    return environment
        .lifecycle()
        .executorService("event-stream-%d")
        .minThreads(0)
        .maxThreads(config.getMaxStreams())
        .workQueue(new SynchronousQueue<>())
        .build();
  }
}

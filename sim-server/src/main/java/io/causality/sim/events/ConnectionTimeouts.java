package io.causality.sim.events;

import io.causality.sim.config.EventsConfig;
import jakarta.servlet.http.HttpServletRequest;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The idle timeout of an event stream's connection. The connector's (30 seconds by default) would
 * cut a quiet stream between two heartbeats of the spec's 30 seconds; a stream's connection is
 * never quiet longer than its probe interval (or heartbeat interval, if shorter) unless a write to
 * it blocks, so it gets that interval plus {@code events.writeTimeout}: the time after which a
 * client that reads nothing is cut off and its stream slot freed.
 */
public final class ConnectionTimeouts {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectionTimeouts.class);

  private final long streamIdleMillis;

  public ConnectionTimeouts(EventsConfig config) {
    this.streamIdleMillis =
        Math.min(
                config.getHeartbeatInterval().toMilliseconds(),
                config.getProbeInterval().toMilliseconds())
            + config.getWriteTimeout().toMilliseconds();
  }

  public void keepStreamOpen(HttpServletRequest request) {
    try {
      EndPoint endPoint =
          ServletContextRequest.getServletContextRequest(request)
              .getConnectionMetaData()
              .getConnection()
              .getEndPoint();
      endPoint.setIdleTimeout(streamIdleMillis);
    } catch (IllegalStateException e) {
      LOG.warn("The connection of an event stream keeps the connector's idle timeout", e);
    }
  }
}

package io.causality.common.http;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.component.LifeCycle;

/**
 * Lets a graceful stop (SIGTERM) drain the requests in flight, and only those.
 *
 * <p>When Jetty starts stopping it lowers every connection's idle timeout to the connector's {@code
 * shutdownIdleTimeout}, one second by default, so that idle keep-alive connections go away quickly.
 * That also cut off responses in flight: a 10,000-tick NDJSON run streamed to a client that paused
 * for a second ended halfway, although the stop would have waited {@code shutdownGracePeriod} for
 * it. Here every connection keeps the connector's own idle timeout during the drain; instead,
 * connections without a request in progress (as this filter sees them) are closed when the stop
 * begins, and again every {@value #SWEEP_MILLIS} ms until it ends (a keep-alive connection whose
 * request just finished). {@code shutdownGracePeriod} still bounds the stop.
 */
public final class ShutdownDrain implements Filter, LifeCycle.Listener {
  private static final long SWEEP_MILLIS = 100;

  private final Set<Connection> busy = ConcurrentHashMap.newKeySet();

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    Connection connection =
        ServletContextRequest.getServletContextRequest(request)
            .getConnectionMetaData()
            .getConnection();
    busy.add(connection);
    try {
      chain.doFilter(request, response);
    } finally {
      if (request.isAsyncStarted()) {
        request.getAsyncContext().addListener(new Release(connection));
      } else {
        busy.remove(connection);
      }
    }
  }

  @Override
  public void lifeCycleStarted(LifeCycle event) {
    if (event instanceof Server server) {
      for (Connector connector : server.getConnectors()) {
        if (connector instanceof AbstractConnector jetty) {
          jetty.setShutdownIdleTimeout(jetty.getIdleTimeout());
        }
      }
    }
  }

  @Override
  public void lifeCycleStopping(LifeCycle event) {
    if (event instanceof Server server) {
      Thread sweeper = new Thread(() -> sweepUntilStopped(server), "shutdown-drain");
      sweeper.setDaemon(true);
      sweeper.start();
    }
  }

  private void sweepUntilStopped(Server server) {
    while (!server.isStopped() && !server.isFailed()) {
      closeIdleConnections(server);
      try {
        TimeUnit.MILLISECONDS.sleep(SWEEP_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void closeIdleConnections(Server server) {
    for (Connector connector : server.getConnectors()) {
      for (EndPoint endPoint : connector.getConnectedEndPoints()) {
        if (!busy.contains(endPoint.getConnection())) {
          endPoint.close();
        }
      }
    }
  }

  /** An asynchronous request (an event stream) frees its connection when it completes. */
  private final class Release implements AsyncListener {
    private final Connection connection;

    Release(Connection connection) {
      this.connection = connection;
    }

    @Override
    public void onComplete(AsyncEvent event) {
      busy.remove(connection);
    }

    @Override
    public void onTimeout(AsyncEvent event) {
      busy.remove(connection);
    }

    @Override
    public void onError(AsyncEvent event) {
      busy.remove(connection);
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
      // a new cycle of the same request: still busy
    }
  }
}

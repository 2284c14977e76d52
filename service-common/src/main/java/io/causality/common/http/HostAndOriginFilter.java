package io.causality.common.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.errors.ErrorCodes;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.util.Set;

/**
 * What a web browser may do here. A page of another site reaches a service on loopback or on an
 * internal address in two ways, and both are refused before anything else runs:
 *
 * <ul>
 *   <li>through DNS rebinding: its own name made to resolve to this address, so the browser sends
 *       that name as {@code Host}. A {@code Host} that is not this service's ({@link AllowedHosts})
 *       is answered 421 {@code MISDIRECTED_REQUEST}.
 *   <li>by a cross-origin request that needs no preflight (a form post, a {@code text/plain}
 *       fetch): the browser sends its {@code Origin}. A state-changing request (any method but GET,
 *       HEAD and OPTIONS) that carries an {@code Origin} is answered 403 {@code FORBIDDEN}, except,
 *       where {@code sameOriginWrites} is on (sim-server, whose console is served by itself), one
 *       whose {@code Origin} is the origin the request was sent to. Programs (curl, the CLI, the
 *       services' own clients) send no {@code Origin}.
 * </ul>
 */
public final class HostAndOriginFilter implements Filter {
  private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

  private final AllowedHosts hosts;
  private final boolean sameOriginWrites;
  private final ObjectMapper mapper;

  public HostAndOriginFilter(AllowedHosts hosts, boolean sameOriginWrites, ObjectMapper mapper) {
    this.hosts = hosts;
    this.sameOriginWrites = sameOriginWrites;
    this.mapper = mapper;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    HttpServletResponse answer = (HttpServletResponse) response;
    if (!hosts.allows(http.getServerName(), http.getLocalAddr())) {
      refuse(
          http,
          answer,
          421,
          ErrorCodes.MISDIRECTED_REQUEST,
          "This service does not answer to that host name: use its address, or add the name to"
              + " publicNames in its configuration");
      return;
    }
    if (!SAFE_METHODS.contains(http.getMethod()) && !originMayWrite(http)) {
      refuse(
          http,
          answer,
          403,
          ErrorCodes.FORBIDDEN,
          "A web page of another origin cannot change anything here");
      return;
    }
    chain.doFilter(request, response);
  }

  private boolean originMayWrite(HttpServletRequest request) {
    String origin = request.getHeader("Origin");
    return origin == null || (sameOriginWrites && isSameOrigin(origin, request.getHeader("Host")));
  }

  /**
   * The browser writes {@code Origin} and {@code Host} from one URL for a same-origin request, each
   * without a default port: their authorities are then equal. The scheme is not compared, so that
   * the console works behind a proxy that ends TLS ({@code https} origin, {@code http} here).
   */
  static boolean isSameOrigin(String origin, String host) {
    if (host == null || "null".equals(origin)) {
      return false;
    }
    try {
      String authority = URI.create(origin.strip()).getRawAuthority();
      return authority != null && authority.equalsIgnoreCase(host.strip());
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private void refuse(
      HttpServletRequest request,
      HttpServletResponse response,
      int status,
      String code,
      String message)
      throws IOException {
    FilterErrors.answer(request, response, mapper, status, code, message);
  }
}

package io.causality.hitl.coordinator.webhooks;

import io.causality.hitl.coordinator.config.WebhookEndpointConfig;
import io.causality.hitl.coordinator.config.WebhooksConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The startup checks of the webhook endpoints (docs/coordinator.md, "Startup checks"): an http or
 * https URL whose host {@code allowedHosts} lists, a name used once, and a secret that is not an
 * environment variable left unset. Each problem is one line naming the endpoint; neither the secret
 * nor the URL (which may carry a token of its own) is part of it, only the URL's host.
 */
public final class WebhookChecks {
  private WebhookChecks() {}

  /** The first problem of the configured endpoints, if any. */
  public static Optional<String> firstProblem(WebhooksConfig config) {
    Set<String> allowed = new HashSet<>();
    config.getAllowedHosts().forEach(host -> allowed.add(normalized(host)));
    Set<String> names = new HashSet<>();
    List<WebhookEndpointConfig> endpoints = config.getEndpoints();
    for (int i = 0; i < endpoints.size(); i++) {
      WebhookEndpointConfig endpoint = endpoints.get(i);
      String where = "webhooks.endpoints[" + i + "] (" + endpoint.name() + "): ";
      Optional<String> problem = problemOf(endpoint, allowed, config.getAllowedHosts());
      if (problem.isPresent()) {
        return Optional.of(where + problem.get());
      }
      if (!names.add(endpoint.name())) {
        return Optional.of(where + "name " + endpoint.name() + " is configured more than once");
      }
    }
    return Optional.empty();
  }

  private static Optional<String> problemOf(
      WebhookEndpointConfig endpoint, Set<String> allowed, List<String> allowedHosts) {
    Optional<URI> uri = httpUri(endpoint.url());
    if (uri.isEmpty()) {
      return Optional.of("url is not an http or https URL with a host (and no user information)");
    }
    String host = normalized(uri.get().getHost());
    if (!allowed.contains(host)) {
      return Optional.of(
          "url host " + uri.get().getHost() + " is not in webhooks.allowedHosts " + allowedHosts);
    }
    if (endpoint.secret().contains("${")) {
      return Optional.of(
          "secret names an environment variable that is not set; set it or configure the secret");
    }
    return Optional.empty();
  }

  private static Optional<URI> httpUri(String url) {
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      boolean http = scheme.equals("http") || scheme.equals("https");
      return http && uri.getHost() != null && uri.getRawUserInfo() == null
          ? Optional.of(uri)
          : Optional.empty();
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  /** Hosts compare in lower case and IPv6 literals without their brackets. */
  private static String normalized(String host) {
    String lower = host.strip().toLowerCase(Locale.ROOT);
    return lower.startsWith("[") && lower.endsWith("]")
        ? lower.substring(1, lower.length() - 1)
        : lower;
  }
}

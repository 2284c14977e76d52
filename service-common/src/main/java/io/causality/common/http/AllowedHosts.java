package io.causality.common.http;

import com.google.common.net.InetAddresses;
import java.net.InetAddress;
import java.util.Collection;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The names a request's {@code Host} may give for this service: loopback ({@code localhost},
 * 127.0.0.0/8, {@code ::1}), the address the connection arrived on, the connectors' bind hosts, and
 * the configured public names. Any other name is a request meant for another server, or a page of
 * another site whose name was made to resolve here (DNS rebinding): {@link HostAndOriginFilter}
 * answers it 421. Ports are not compared: a name is this service's on any of its ports.
 */
public final class AllowedHosts {
  private final Set<String> names = new TreeSet<>();

  /** The loopback names, {@code bindHosts} (wildcards skipped) and {@code publicNames}. */
  public AllowedHosts(Collection<String> bindHosts, Collection<String> publicNames) {
    names.add("localhost");
    bindHosts.stream()
        .filter(host -> host != null && !host.isBlank() && !isWildcard(host))
        .map(AllowedHosts::normalize)
        .forEach(names::add);
    publicNames.stream().map(AllowedHosts::normalize).forEach(names::add);
  }

  /**
   * Whether {@code host} (the request's server name, without port) names this service, for a
   * connection that arrived on {@code localAddress}.
   */
  public boolean allows(String host, String localAddress) {
    if (host == null || host.isEmpty()) {
      return true; // HTTP/1.0 without Host: no name to check, and no browser sends that
    }
    String name = normalize(host);
    if (names.contains(name)) {
      return true;
    }
    if (!InetAddresses.isInetAddress(name)) {
      return false;
    }
    InetAddress address = InetAddresses.forString(name);
    return address.isLoopbackAddress() || sameAddress(address, localAddress);
  }

  /** The names configured, for the start-up log and the refusal's message. */
  public Set<String> names() {
    return Set.copyOf(names);
  }

  private static boolean sameAddress(InetAddress address, String localAddress) {
    String local = localAddress == null ? "" : normalize(localAddress);
    return InetAddresses.isInetAddress(local) && InetAddresses.forString(local).equals(address);
  }

  private static boolean isWildcard(String host) {
    String name = normalize(host);
    return InetAddresses.isInetAddress(name) && InetAddresses.forString(name).isAnyLocalAddress();
  }

  /** Lower case, without the brackets of an IPv6 literal or an IPv6 zone. */
  static String normalize(String host) {
    String name = host.strip().toLowerCase(Locale.ROOT);
    if (name.startsWith("[") && name.endsWith("]")) {
      name = name.substring(1, name.length() - 1);
    }
    int zone = name.indexOf('%');
    return zone >= 0 && name.contains(":") ? name.substring(0, zone) : name;
  }
}

package io.causality.hitl.coordinator.config;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** The seed's {@code bind} value, {@code host:port}, where the API listens. */
public record BindAddress(String host, int port) {
  public static final String PATTERN = "^(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.\\-]+):([0-9]{1,5})$";

  /** Parses {@code host:port}; IPv6 hosts are written in brackets, {@code [::1]:8090}. */
  public static BindAddress parse(String value) {
    if (value == null || !value.matches(PATTERN)) {
      throw new IllegalArgumentException("bind must be host:port, for example 127.0.0.1:8090");
    }
    int colon = value.lastIndexOf(':');
    String host = value.substring(0, colon).replace("[", "").replace("]", "");
    int port = Integer.parseInt(value.substring(colon + 1));
    if (port > 65535) {
      throw new IllegalArgumentException("bind port must be 0 to 65535, not " + port);
    }
    return new BindAddress(host, port);
  }

  /** Whether only this machine can reach the address. */
  public boolean isLoopback() {
    if (host.equalsIgnoreCase("localhost")) {
      return true;
    }
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}

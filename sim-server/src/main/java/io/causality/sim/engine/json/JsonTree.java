package io.causality.sim.engine.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;

/**
 * Parses JSON text into the tree that {@link JsonIn} walks. The engine reads trees and writes with
 * the streaming generator; it binds no types, so this is the only engine class that holds an {@code
 * ObjectMapper} (the architecture test keeps it so).
 */
public final class JsonTree {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonTree() {}

  public static JsonNode read(byte[] json) throws IOException {
    return MAPPER.readTree(json);
  }

  public static JsonNode read(InputStream json) throws IOException {
    return MAPPER.readTree(json);
  }
}

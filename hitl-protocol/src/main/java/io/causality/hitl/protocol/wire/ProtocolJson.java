package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The Jackson configuration of the wire contract: java.time support, timestamps as RFC 3339
 * strings, unknown properties ignored so that older readers accept newer writers.
 */
public final class ProtocolJson {

  private ProtocolJson() {}

  /** A new mapper configured for the wire contract; callers may configure it further. */
  public static ObjectMapper newMapper() {
    return configure(new ObjectMapper());
  }

  /** Applies the wire-contract settings to an existing mapper (for example Dropwizard's). */
  public static ObjectMapper configure(ObjectMapper mapper) {
    return mapper
        .registerModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
  }
}

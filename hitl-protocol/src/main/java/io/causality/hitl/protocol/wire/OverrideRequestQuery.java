package io.causality.hitl.protocol.wire;

import java.util.Objects;
import java.util.Optional;

/**
 * Which page of {@code GET /v1/override-requests} to ask for.
 *
 * @param status only requests in this state; empty for all
 * @param actorId only requests of this actor; empty for all
 * @param limit the most requests on the page, 1 to {@link #MAX_LIMIT}
 * @param offset how many matching requests come before the page
 */
public record OverrideRequestQuery(
    Optional<OverrideRequestStatus> status, Optional<String> actorId, int limit, long offset) {

  /** The default page size of the list. */
  public static final int DEFAULT_LIMIT = 50;

  /**
   * The largest page: a request holds up to the body limit of its submission (4 MiB by default), so
   * a page is bounded in bytes by this count.
   */
  public static final int MAX_LIMIT = 100;

  public OverrideRequestQuery {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(actorId, "actorId");
  }

  /** The first page of the largest size, of one state or of all. */
  public static OverrideRequestQuery first(Optional<OverrideRequestStatus> status) {
    return new OverrideRequestQuery(status, Optional.empty(), MAX_LIMIT, 0);
  }

  /** The same query for the page after one of {@code size} requests. */
  public OverrideRequestQuery after(int size) {
    return new OverrideRequestQuery(status, actorId, limit, offset + size);
  }

  /** The same query for one actor's requests. */
  public OverrideRequestQuery ofActor(String actor) {
    return new OverrideRequestQuery(status, Optional.of(actor), limit, offset);
  }

  /** The query string, {@code ?limit=..&offset=..[&status=..][&actorId=..]}, values encoded. */
  public String queryString(java.util.function.UnaryOperator<String> encode) {
    StringBuilder query =
        new StringBuilder("?limit=").append(limit).append("&offset=").append(offset);
    status.ifPresent(s -> query.append("&status=").append(s.name()));
    actorId.ifPresent(a -> query.append("&actorId=").append(encode.apply(a)));
    return query.toString();
  }
}

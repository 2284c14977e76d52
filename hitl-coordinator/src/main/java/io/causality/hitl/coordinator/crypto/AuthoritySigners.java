package io.causality.hitl.coordinator.crypto;

import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The configured authorities by key id; immutable. */
public final class AuthoritySigners {

  private final Map<String, AuthoritySigner> byKeyId;

  /**
   * @throws IllegalArgumentException when two signers share a key id
   */
  public AuthoritySigners(Collection<AuthoritySigner> signers) {
    Map<String, AuthoritySigner> map = new LinkedHashMap<>();
    for (AuthoritySigner signer : signers) {
      if (map.putIfAbsent(signer.keyId(), signer) != null) {
        throw new IllegalArgumentException("duplicate authority keyId " + signer.keyId());
      }
    }
    this.byKeyId = map;
  }

  /** The signer with this key id. */
  public Optional<AuthoritySigner> find(String keyId) {
    return keyId == null ? Optional.empty() : Optional.ofNullable(byKeyId.get(keyId));
  }

  /** The signers of one operator, in configuration order. */
  public List<AuthoritySigner> ofOperator(String operatorId) {
    return byKeyId.values().stream().filter(s -> s.operatorId().equals(operatorId)).toList();
  }

  /**
   * The keys an operator signs new tokens with at {@code now}: those not retired yet, and among
   * them, when the operator also has keys that do not retire, only those (a retiring key makes way
   * for its successor as soon as the successor is configured).
   */
  public List<AuthoritySigner> signingKeysOf(String operatorId, Instant now) {
    List<AuthoritySigner> active =
        ofOperator(operatorId).stream().filter(s -> s.signsAt(now)).toList();
    List<AuthoritySigner> lasting = active.stream().filter(s -> s.retiresAt().isEmpty()).toList();
    return lasting.isEmpty() ? active : lasting;
  }

  /** The configured key ids, in configuration order. */
  public List<String> keyIds() {
    return List.copyOf(byKeyId.keySet());
  }

  public boolean isEmpty() {
    return byKeyId.isEmpty();
  }

  @Override
  public String toString() {
    return "AuthoritySigners" + byKeyId.keySet();
  }
}

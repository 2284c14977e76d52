package io.causality.hitl.coordinator.policy;

import java.nio.file.Path;

/**
 * One configured authority ({@code authorities[]} of the coordinator configuration).
 *
 * @param keyId must name an authority of the policy
 * @param operatorId must equal the policy's operatorId for that key
 * @param privateKeyPemPath RSA private key, PKCS#8 or PKCS#1 PEM
 */
public record AuthorityKeyConfig(String keyId, String operatorId, Path privateKeyPemPath) {}

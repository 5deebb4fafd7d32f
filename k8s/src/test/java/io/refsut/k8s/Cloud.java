package io.refsut.k8s;

import java.util.List;

/**
 * One of the three clouds of the overlays, with what the tests expect of it: the node label its node pools carry,
 * its default storage class, and the prefix of its load balancer annotations.
 */
record Cloud(String id, String nodeLabel, String storageClass, String loadBalancerAnnotationPrefix) {

    static List<Cloud> all() {
        return List.of(
                new Cloud("aks", "kubernetes.azure.com/agentpool", "managed-csi", "service.beta.kubernetes.io/azure-"),
                new Cloud("gke", "cloud.google.com/gke-nodepool", "standard-rwo", "cloud.google.com/"),
                new Cloud("eks", "eks.amazonaws.com/nodegroup", "gp3", "service.beta.kubernetes.io/aws-load-balancer-"));
    }

    /** The id, so that a test's name and a path built from it read "aks". */
    @Override
    public String toString() {
        return id;
    }
}

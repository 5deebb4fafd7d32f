package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** Issue 15, item 2: every volume names a storage class that exists and can be provisioned, on EKS too. */
class EksStorageTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"aks, managed-csi", "gke, standard-rwo", "eks, gp3"})
    void theResultsVolumeNamesTheCloudsStorageClass(String cloud, String storageClass) {
        Manifests setup = Client.setup(cloud);
        PersistentVolumeClaim claim = setup.get(PersistentVolumeClaim.class, "refsut-results");
        assertEquals(storageClass, claim.getSpec().getStorageClassName(),
                cloud + ": the results volume names its class instead of relying on a default the cluster may not have");
        boolean shipped = !setup.custom("StorageClass").isEmpty();
        assertEquals(cloud.equals("eks"), shipped, cloud + ": only EKS lacks the class, so only its overlay creates it");
    }

    @Test
    void eksOverlaysCreateAnEbsCsiGp3ClassWhereverAVolumeNamesIt() {
        for (Manifests m : List.of(Client.setup("eks"), Manifests.render(Repo.k8s().resolve("overlays/mongodb-in-cluster/eks")))) {
            GenericKubernetesResource gp3 = m.custom("StorageClass").stream()
                    .filter(c -> c.getMetadata().getName().equals("gp3")).findFirst().orElseThrow();
            assertEquals("ebs.csi.aws.com", gp3.getAdditionalProperties().get("provisioner"), "EBS CSI driver, not the removed in-tree one");
            assertEquals("WaitForFirstConsumer", gp3.getAdditionalProperties().get("volumeBindingMode"),
                    "the volume is created in the zone of the pod's node");
            assertEquals("gp3", Gateway.map(gp3.getAdditionalProperties().get("parameters")).get("type"));
        }
        StatefulSet mongodb = Manifests.render(Repo.k8s().resolve("overlays/mongodb-in-cluster/eks")).get(StatefulSet.class, "mongodb");
        assertEquals("gp3", mongodb.getSpec().getVolumeClaimTemplates().get(0).getSpec().getStorageClassName());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"server", "client"})
    @SuppressWarnings("unchecked")
    void eksctlConfigInstallsTheEbsCsiDriverWithItsIamRole(String role) throws IOException {
        Map<String, Object> config = new Yaml(new SafeConstructor(new LoaderOptions()))
                .load(Files.readString(Repo.k8s().resolve("clusters/eks-" + role + ".yaml")));
        assertEquals("ClusterConfig", config.get("kind"));
        assertEquals("refsut-" + role, Gateway.map(config.get("metadata")).get("name"));
        assertEquals(Boolean.TRUE, Gateway.map(config.get("iam")).get("withOIDC"), "IAM roles for service accounts");
        List<Map<String, Object>> addons = (List<Map<String, Object>>) config.get("addons");
        Map<String, Object> ebs = addons.stream().filter(a -> "aws-ebs-csi-driver".equals(a.get("name"))).findFirst().orElseThrow();
        Object policies = ebs.get("wellKnownPolicies");
        Object attached = ebs.get("attachPolicyARNs");
        assertTrue(policies instanceof Map<?, ?> p && Boolean.TRUE.equals(p.get("ebsCSIController"))
                        || attached instanceof List<?> l && l.stream().anyMatch(a -> String.valueOf(a).endsWith("AmazonEBSCSIDriverPolicy")),
                "the EBS CSI controller gets an IAM role that may create volumes, or every claim stays Pending");
        Map<String, Object> cni = addons.stream().filter(a -> "vpc-cni".equals(a.get("name"))).findFirst().orElseThrow();
        assertNotNull(cni.get("configurationValues"));
        assertTrue(String.valueOf(cni.get("configurationValues")).contains("\"enableNetworkPolicy\": \"true\""),
                "NetworkPolicies enforced");
        List<Map<String, Object>> groups = (List<Map<String, Object>>) config.get("managedNodeGroups");
        assertEquals(role, groups.get(0).get("name"), "node group named as the overlays select it");
    }
}

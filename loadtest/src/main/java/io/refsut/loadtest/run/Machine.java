package io.refsut.loadtest.run;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** Facts about this machine, JVM and build that go into run.json. */
public final class Machine {

    private Machine() {
    }

    /** Cores, memory, OS, JVM and host name of the injector machine. */
    public static Map<String, Object> describe() {
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            machine.put("memoryBytes", os.getTotalMemorySize());
        }
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        machine.put("jvm", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version"));
        machine.put("injectorMaxHeapBytes", Runtime.getRuntime().maxMemory());
        // the options this JVM (the injector, and locally the embedded store) was started with: ./sut run gives it
        // -XX:TieredStopAtLevel=1 unless SUT_JAVA_OPTIONS is set, and that changes its CPU and warm-up
        machine.put("injectorJvmArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
        try {
            machine.put("hostname", InetAddress.getLocalHost().getHostName());
        } catch (IOException e) {
            machine.put("hostname", "unknown");
        }
        return machine;
    }

    /** The versions the build recorded (project, Gatling, Quarkus, mongo-java-server, YCSB). */
    public static Map<String, Object> versions() {
        Map<String, Object> versions = new LinkedHashMap<>();
        Properties properties = new Properties();
        try (InputStream in = Machine.class.getResourceAsStream("/loadtest-versions.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            versions.put("error", "cannot read loadtest-versions.properties: " + e.getMessage());
        }
        properties.stringPropertyNames().stream().sorted().forEach(key -> versions.put(key, properties.get(key)));
        versions.put("java", System.getProperty("java.version"));
        return versions;
    }
}

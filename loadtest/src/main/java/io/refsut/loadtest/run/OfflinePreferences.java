package io.refsut.loadtest.run;

import java.util.HashMap;
import java.util.Map;
import java.util.prefs.AbstractPreferences;
import java.util.prefs.Preferences;
import java.util.prefs.PreferencesFactory;

/**
 * In-memory {@link Preferences} that tell Gatling its latest-release check has just been made, so that it does not
 * query Maven Central on every run: an injector must talk to the system under test and to nothing else. Installed
 * with {@link #install()} before anything uses {@link Preferences}; nothing is persisted.
 */
public final class OfflinePreferences implements PreferencesFactory {

    private static final String GATLING_NODE = "/io/gatling/latestVersion";

    /** Makes this the JVM's preferences implementation (effective if nothing used {@link Preferences} before). */
    public static void install() {
        System.setProperty("java.util.prefs.PreferencesFactory", OfflinePreferences.class.getName());
    }

    @Override
    public Preferences systemRoot() {
        return Roots.SYSTEM;
    }

    @Override
    public Preferences userRoot() {
        return Roots.USER;
    }

    /** Created on first use only, so that {@link #install()} does not initialise {@link Preferences} itself. */
    private static final class Roots {
        static final Preferences SYSTEM = new Node(null, "");
        static final Preferences USER = new Node(null, "");
    }

    /** One in-memory preferences node. */
    private static final class Node extends AbstractPreferences {
        private final Map<String, String> values = new HashMap<>();
        private final Map<String, Node> children = new HashMap<>();

        Node(Node parent, String name) {
            super(parent, name);
        }

        @Override
        protected void putSpi(String key, String value) {
            values.put(key, value);
        }

        @Override
        protected String getSpi(String key) {
            if (GATLING_NODE.equals(absolutePath())) {
                // "the last check was just now and failed": Gatling then skips both the check and the upgrade notice
                if ("lastCheckTimestamp".equals(key)) {
                    return Long.toString(System.currentTimeMillis());
                }
                if ("lastCheckSuccess".equals(key)) {
                    return "false";
                }
            }
            return values.get(key);
        }

        @Override
        protected void removeSpi(String key) {
            values.remove(key);
        }

        @Override
        protected void removeNodeSpi() {
            values.clear();
            children.clear();
        }

        @Override
        protected String[] keysSpi() {
            return values.keySet().toArray(String[]::new);
        }

        @Override
        protected String[] childrenNamesSpi() {
            return children.keySet().toArray(String[]::new);
        }

        @Override
        protected AbstractPreferences childSpi(String name) {
            return children.computeIfAbsent(name, n -> new Node(this, n));
        }

        @Override
        protected void syncSpi() {
        }

        @Override
        protected void flushSpi() {
        }
    }
}

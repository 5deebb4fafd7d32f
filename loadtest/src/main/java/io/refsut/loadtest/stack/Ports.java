package io.refsut.loadtest.stack;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

/** Port choice for the local stack: the contract's fixed ports, or free ones. */
public final class Ports {

    private final boolean auto;
    /** First port of {@code from:PORT} mode, 0 otherwise; {@link #nextFrom} the next one to hand out. */
    private final int from;
    private int nextFrom;
    private final Set<Integer> handedOut = new HashSet<>();

    private Ports(boolean auto, int from) {
        this.auto = auto;
        this.from = from;
        this.nextFrom = from;
    }

    /**
     * Parses {@code --ports}: {@code contract} (the documented defaults), {@code auto} (free ports) or
     * {@code from:PORT} (consecutive ports from PORT, in the stack's start order; each must be free).
     */
    public static Ports parse(String mode) {
        String text = mode.trim();
        if (text.startsWith("from:")) {
            int first;
            try {
                first = Integer.parseInt(text.substring(5).trim());
            } catch (NumberFormatException e) {
                first = -1;
            }
            if (first < 1024 || first > 65_000) {
                throw new IllegalArgumentException("--ports from:PORT needs a PORT between 1024 and 65000, got '" + mode + "'");
            }
            return new Ports(false, first);
        }
        return switch (text) {
            case "contract", "default", "fixed" -> new Ports(false, 0);
            case "auto" -> new Ports(true, 0);
            default -> throw new IllegalArgumentException("--ports must be 'contract', 'auto' or 'from:PORT', got '"
                    + mode + "'");
        };
    }

    public boolean isAuto() {
        return auto;
    }

    /** Marks {@code port} as taken (by a server this process started): {@code auto} never hands it out. */
    public void reserve(int port) {
        handedOut.add(port);
    }

    /**
     * The port to use in place of {@code contractPort}; in contract mode it must be free on 127.0.0.1.
     *
     * @throws PortInUseException when a contract port is taken
     */
    public int choose(int contractPort, String what) {
        if (from > 0) {
            int port = nextFrom++;
            if (!isFree(port)) {
                throw new PortInUseException(port, what);
            }
            return port;
        }
        if (!auto) {
            if (!isFree(contractPort)) {
                throw new PortInUseException(contractPort, what);
            }
            return contractPort;
        }
        for (int attempt = 0; attempt < 50; attempt++) {
            int port = freePort();
            if (handedOut.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("could not find a free port for " + what);
    }

    /**
     * Whether a server can bind {@code port} on the loopback address right now, as the services bind (Vert.x sets
     * SO_REUSEADDR): nothing listens there. Connections of a stopped server lingering in TIME_WAIT do not count — a
     * check without SO_REUSEADDR would refuse the port for a minute after every run.
     */
    public static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("cannot open a local socket", e);
        }
    }

    /** A contract port is already taken by another process. */
    public static final class PortInUseException extends RuntimeException {
        public PortInUseException(int port, String what) {
            super("port " + port + " (" + what + ") is already in use: stop whatever listens there, or run with "
                    + "--ports auto to use free ports");
        }
    }
}

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
    private final Set<Integer> handedOut = new HashSet<>();

    private Ports(boolean auto) {
        this.auto = auto;
    }

    /** Parses {@code --ports}: {@code contract} (the documented defaults) or {@code auto} (free ports). */
    public static Ports parse(String mode) {
        return switch (mode.trim()) {
            case "contract", "default", "fixed" -> new Ports(false);
            case "auto" -> new Ports(true);
            default -> throw new IllegalArgumentException("--ports must be 'contract' or 'auto', got '" + mode + "'");
        };
    }

    public boolean isAuto() {
        return auto;
    }

    /**
     * The port to use in place of {@code contractPort}; in contract mode it must be free on 127.0.0.1.
     *
     * @throws PortInUseException when a contract port is taken
     */
    public int choose(int contractPort, String what) {
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

    /** Whether {@code port} can be bound on the loopback address right now. */
    public static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
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

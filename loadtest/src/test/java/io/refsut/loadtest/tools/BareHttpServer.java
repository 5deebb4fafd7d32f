package io.refsut.loadtest.tools;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;

/**
 * The cheapest HTTP/1.1 server the services' stack is built on, for measuring what one HTTP exchange costs on a
 * machine before any framework (not used by the tests): plain Netty on loopback, NIO event loops as Vert.x uses
 * them, answering every request with a 200 and a 60-byte JSON body, keep-alive. Drive it with
 * {@link OpenModelClient} (which reports this process's CPU per request) and compare with a service's own route
 * at the same rate; {@code docs/performance.md} ("What one HTTP exchange costs on this machine") shows how.
 * Stops after {@code SECONDS} (default 600).
 *
 * <pre>java -Xms64m -Xmx256m -XX:+UseSerialGC [-XX:TieredStopAtLevel=1] \
 *     -cp loadtest/target/classes:loadtest/target/test-classes:loadtest/target/lib/* \
 *     io.refsut.loadtest.tools.BareHttpServer PORT [EVENT_LOOPS [SECONDS]]</pre>
 */
public final class BareHttpServer {

    private static final byte[] BODY = "{\"id\":\"5f1c2b7e-3d4a-4b6c-9e8f-0a1b2c3d4e5f\",\"status\":\"ACTIVE\"}"
            .getBytes(StandardCharsets.US_ASCII);

    private BareHttpServer() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int loops = args.length > 1 ? Integer.parseInt(args[1]) : 2 * Runtime.getRuntime().availableProcessors();
        long seconds = args.length > 2 ? Long.parseLong(args[2]) : 600;
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(loops, NioIoHandler.newFactory());
        try {
            Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(65_536),
                                    new Answer());
                        }
                    }).bind(InetAddress.getLoopbackAddress(), port).sync().channel();
            System.out.printf("bare HTTP server on http://127.0.0.1:%d/ (pid %d, %d event loops, stops in %d s)%n",
                    port, ProcessHandle.current().pid(), loops, seconds);
            server.closeFuture().await(seconds * 1000);
        } finally {
            group.shutdownGracefully().sync();
        }
    }

    private static final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext context, FullHttpRequest request) {
            ByteBuf body = Unpooled.wrappedBuffer(BODY);
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            if (keepAlive) {
                context.writeAndFlush(response);
            } else {
                context.writeAndFlush(response).addListener(future -> context.close());
            }
        }
    }
}
